import { defineOperation } from '../common/operation';
import { AssetsUseCases, TRANSFORM_EFFECT, UPLOAD_EFFECT } from './assets.use-cases';
import { ListAssetsQuery } from './dto/asset.dto';
import { TransformAssetDto } from './dto/transform-asset.dto';
import { atInput, atInputs } from '@platform/errors';

/** The assets' operations (see `OperationSpec`); the uploads take the received file. */
export const ASSET_OPERATIONS = {
  upload: defineOperation({
    id: 'Assets_upload',
    method: 'POST',
    path: '/v1/assets',
    status: 200,
    useCases: AssetsUseCases,
    // A file (multipart, or MCP's content_base64), or a JSON body `{"url"}` validated by the use case.
    input: { upload: true, body: 'json' },
    effect: UPLOAD_EFFECT,
    run: (u, auth, { upload, body, ref }) => u.uploadOrImport(auth, upload, body, ref ?? null),
  }),
  uploadAudio: defineOperation({
    id: 'Assets_uploadAudio',
    method: 'POST',
    path: '/v1/assets/audio',
    status: 200,
    useCases: AssetsUseCases,
    input: { upload: true },
    effect: UPLOAD_EFFECT,
    run: (u, auth, { upload, ref }) => u.uploadAudio(auth, upload!, ref ?? null),
  }),
  list: defineOperation({
    id: 'Assets_list',
    method: 'GET',
    path: '/v1/assets',
    status: 200,
    useCases: AssetsUseCases,
    input: { query: ListAssetsQuery },
    run: (u, auth, { query }) => atInput('query', () => u.list(auth, query)),
  }),
  get: defineOperation({
    id: 'Assets_get',
    method: 'GET',
    path: '/v1/assets/{asset_id}',
    status: 200,
    useCases: AssetsUseCases,
    input: {},
    run: (u, auth, { path }) => u.get(auth, path.asset_id),
  }),
  transform: defineOperation({
    id: 'Assets_transform',
    method: 'POST',
    path: '/v1/assets/{asset_id}/transform',
    status: 200,
    useCases: AssetsUseCases,
    input: { body: TransformAssetDto },
    effect: TRANSFORM_EFFECT,
    run: (u, auth, { path, body, ref }) => atInputs({ asset_id: 'path' }, 'body', () => u.transform(auth, path.asset_id, body, ref ?? null)),
  }),
};
