import { RERUN_EFFECT } from '@platform/http';
import { defineOperation } from '../common/operation';
import { GenerationCreateDto, PlanningRequestDto, VisionBriefDto } from './dto/intelligence.dto';
import { GENERATION_EFFECT, GenerationsService } from './generations.service';
import { PlanningService } from './planning.service';
import { VisionBriefsService } from './vision-briefs.service';

/** Generations, briefs from images and planning as operations (see `OperationSpec`). */
export const INTELLIGENCE_OPERATIONS = {
  generate: defineOperation({
    id: 'Generations_generate',
    method: 'POST',
    path: '/v1/generations',
    status: 200,
    effect: GENERATION_EFFECT,
    useCases: GenerationsService,
    input: { body: GenerationCreateDto },
    run: (u, auth, { body, ref }) => u.generate({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef: ref }, body),
  }),
  briefFromImage: defineOperation({
    id: 'VisionBriefs_fromImage',
    method: 'POST',
    path: '/v1/briefs/from-image',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: VisionBriefsService,
    input: { body: VisionBriefDto },
    run: (u, auth, { body, ref }) => u.fromImage({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef: ref }, body),
  }),
  plan: defineOperation({
    id: 'Planning_plan',
    method: 'POST',
    path: '/v1/planning/brief',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: PlanningService,
    input: { body: PlanningRequestDto },
    run: (u, auth, { body, ref }) => u.plan({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef: ref }, body),
  }),
};
