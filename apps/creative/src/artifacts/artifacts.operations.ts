import { defineOperation } from '../common/operation';
import { ArtifactsUseCases } from './artifacts.use-cases';
import { ListArtifactsQuery, SignedUrlQuery } from './dto/artifact.dto';
import { atInput } from '@platform/errors';

/** The artifacts' operations (see `OperationSpec`). */
export const ARTIFACT_OPERATIONS = {
  list: defineOperation({
    id: 'Artifacts_list',
    method: 'GET',
    path: '/v1/artifacts',
    status: 200,
    useCases: ArtifactsUseCases,
    input: { query: ListArtifactsQuery },
    run: (u, auth, { query }) => atInput('query', () => u.list(auth, query)),
  }),
  get: defineOperation({
    id: 'Artifacts_get',
    method: 'GET',
    path: '/v1/artifacts/{artifact_id}',
    status: 200,
    useCases: ArtifactsUseCases,
    input: {},
    run: (u, auth, { path }) => u.get(auth, path.artifact_id),
  }),
  signedUrl: defineOperation({
    id: 'Artifacts_signedUrl',
    method: 'GET',
    path: '/v1/artifacts/{artifact_id}/signed-url',
    status: 200,
    useCases: ArtifactsUseCases,
    input: { query: SignedUrlQuery },
    run: (u, auth, { path, query }) => atInput('query', () => u.signedUrl(auth, path.artifact_id, query.ttl)),
  }),
};
