import { defineOperation } from '../common/operation';
import { DESIGN_CHANGE_EFFECT, DESIGN_DELETE_EFFECT, DESIGN_EFFECT, DesignsUseCases } from './designs.use-cases';
import { AddNodeDto, CreateDesignDto, DuplicateDesignDto, FormatQuery, ListDesignsQuery, PatchNodeDto, UpdateDesignDto } from './dto/design.dto';
import { DiffParams, ListRevisionsQuery, RevisionParams } from './dto/revision.dto';
import { atInput, atInputs } from '@platform/errors';

const IF_MATCH = ['if-match'];

/** The designs' operations (see `OperationSpec`): what MCP tools and workflow steps run. */
export const DESIGN_OPERATIONS = {
  create: defineOperation({
    id: 'Designs_create',
    method: 'POST',
    path: '/v1/designs',
    status: 200,
    useCases: DesignsUseCases,
    input: { body: CreateDesignDto },
    effect: DESIGN_EFFECT,
    run: (u, auth, { body, ref }) => u.create(auth, body, ref ?? null),
  }),
  list: defineOperation({
    id: 'Designs_list',
    method: 'GET',
    path: '/v1/designs',
    status: 200,
    useCases: DesignsUseCases,
    input: { query: ListDesignsQuery },
    run: (u, auth, { query }) => atInput('query', () => u.list(auth, query)),
  }),
  get: defineOperation({
    id: 'Designs_get',
    method: 'GET',
    path: '/v1/designs/{design_id}',
    status: 200,
    useCases: DesignsUseCases,
    input: {},
    run: (u, auth, { path }) => u.get(auth, path.design_id),
  }),
  update: defineOperation({
    id: 'Designs_update',
    method: 'PATCH',
    path: '/v1/designs/{design_id}',
    status: 200,
    useCases: DesignsUseCases,
    input: { body: UpdateDesignDto, headers: IF_MATCH },
    effect: DESIGN_CHANGE_EFFECT,
    run: (u, auth, { path, body, headers, ref }) => u.update(auth, { designId: path.design_id, ifMatch: headers['if-match'], body, ref: ref ?? null }),
  }),
  delete: defineOperation({
    id: 'Designs_remove',
    method: 'DELETE',
    path: '/v1/designs/{design_id}',
    status: 204,
    useCases: DesignsUseCases,
    input: { headers: IF_MATCH },
    effect: DESIGN_DELETE_EFFECT,
    run: (u, auth, { path, headers, ref }) => u.delete(auth, path.design_id, headers['if-match'], ref ?? null),
  }),
  revisions: defineOperation({
    id: 'Designs_revisions',
    method: 'GET',
    path: '/v1/designs/{design_id}/revisions',
    status: 200,
    useCases: DesignsUseCases,
    input: { query: ListRevisionsQuery },
    run: (u, auth, { path, query }) => atInput('query', () => u.revisions(auth, path.design_id, query)),
  }),
  revision: defineOperation({
    id: 'Designs_revision',
    method: 'GET',
    path: '/v1/designs/{design_id}/revisions/{revision}',
    status: 200,
    useCases: DesignsUseCases,
    input: { path: RevisionParams },
    run: (u, auth, { path }) => u.revision(auth, path),
  }),
  diff: defineOperation({
    id: 'Designs_diff',
    method: 'GET',
    path: '/v1/designs/{design_id}/revisions/{from_revision}/diff/{to_revision}',
    status: 200,
    useCases: DesignsUseCases,
    input: { path: DiffParams },
    run: (u, auth, { path }) => u.diff(auth, path),
  }),
  restore: defineOperation({
    id: 'Designs_restore',
    method: 'POST',
    path: '/v1/designs/{design_id}/revisions/{revision}/restore',
    status: 200,
    useCases: DesignsUseCases,
    input: { path: RevisionParams, query: FormatQuery, headers: IF_MATCH },
    effect: DESIGN_CHANGE_EFFECT,
    run: (u, auth, { path, query, headers, ref }) =>
      atInput('query', () =>
        u.restore(auth, { designId: path.design_id, revision: path.revision, ifMatch: headers['if-match'], body: query, ref: ref ?? null }),
      ),
  }),
  addNode: defineOperation({
    id: 'Designs_addNode',
    method: 'POST',
    path: '/v1/designs/{design_id}/nodes',
    status: 200,
    useCases: DesignsUseCases,
    input: { body: AddNodeDto, headers: IF_MATCH },
    effect: DESIGN_CHANGE_EFFECT,
    run: (u, auth, { path, body, headers, ref }) => u.addNode(auth, { designId: path.design_id, ifMatch: headers['if-match'], body, ref: ref ?? null }),
  }),
  patchNode: defineOperation({
    id: 'Designs_patchNode',
    method: 'PATCH',
    path: '/v1/designs/{design_id}/nodes/{node_id}',
    status: 200,
    useCases: DesignsUseCases,
    input: { body: PatchNodeDto, headers: IF_MATCH },
    effect: DESIGN_CHANGE_EFFECT,
    run: (u, auth, { path, body, headers, ref }) =>
      u.patchNode(auth, { designId: path.design_id, nodeId: path.node_id, ifMatch: headers['if-match'], body, ref: ref ?? null }),
  }),
  deleteNode: defineOperation({
    id: 'Designs_deleteNode',
    method: 'DELETE',
    path: '/v1/designs/{design_id}/nodes/{node_id}',
    status: 200,
    useCases: DesignsUseCases,
    input: { query: FormatQuery, headers: IF_MATCH },
    effect: DESIGN_CHANGE_EFFECT,
    run: (u, auth, { path, query, headers, ref }) =>
      atInputs({ node_id: 'path' }, 'query', () =>
        u.deleteNode(auth, { designId: path.design_id, nodeId: path.node_id, ifMatch: headers['if-match'], body: query, ref: ref ?? null }),
      ),
  }),
  duplicate: defineOperation({
    id: 'Designs_duplicate',
    method: 'POST',
    path: '/v1/designs/{design_id}/duplicate',
    status: 200,
    useCases: DesignsUseCases,
    input: { body: { optional: DuplicateDesignDto } },
    effect: DESIGN_EFFECT,
    run: (u, auth, { path, body, ref }) => u.duplicate(auth, path.design_id, body, ref ?? null),
  }),
  bundle: defineOperation({
    id: 'Designs_bundle',
    method: 'GET',
    path: '/v1/designs/{design_id}/bundle',
    status: 200,
    useCases: DesignsUseCases,
    input: {},
    run: (u, auth, { path }) => u.bundle(auth, path.design_id),
  }),
};
