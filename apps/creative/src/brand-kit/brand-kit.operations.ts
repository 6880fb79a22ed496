import { RERUN_EFFECT } from '@platform/http';
import { defineOperation } from '../common/operation';
import { BrandKitUseCases } from './brand-kit.use-cases';
import { PatchBrandKitDto, PutBrandKitDto } from './dto/brand-kit.dto';

/** The brand kit's operations (see `OperationSpec`). */
export const BRAND_KIT_OPERATIONS = {
  get: defineOperation({
    id: 'BrandKit_get',
    method: 'GET',
    path: '/v1/brand-kit',
    status: 200,
    useCases: BrandKitUseCases,
    input: {},
    run: (u, auth) => u.get(auth),
  }),
  put: defineOperation({
    id: 'BrandKit_put',
    method: 'PUT',
    path: '/v1/brand-kit',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: BrandKitUseCases,
    input: { body: PutBrandKitDto },
    run: (u, auth, { body, sentBody }) => u.put(auth, body, sentBody),
  }),
  patch: defineOperation({
    id: 'BrandKit_patch',
    method: 'PATCH',
    path: '/v1/brand-kit',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: BrandKitUseCases,
    input: { body: PatchBrandKitDto },
    run: (u, auth, { body, sentBody }) => u.patch(auth, body, sentBody),
  }),
};
