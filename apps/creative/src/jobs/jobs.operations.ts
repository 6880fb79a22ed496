import { defineOperation } from '../common/operation';
import { ListJobsQuery } from './dto/job.dto';
import { JobsUseCases } from './jobs.use-cases';
import { atInput } from '@platform/errors';

/** The jobs' operations (see `OperationSpec`). */
export const JOB_OPERATIONS = {
  list: defineOperation({
    id: 'Jobs_list',
    method: 'GET',
    path: '/v1/jobs',
    status: 200,
    useCases: JobsUseCases,
    input: { query: ListJobsQuery },
    run: (u, auth, { query }) => atInput('query', () => u.list(auth, query)),
  }),
  get: defineOperation({
    id: 'Jobs_get',
    method: 'GET',
    path: '/v1/jobs/{job_id}',
    status: 200,
    useCases: JobsUseCases,
    input: {},
    run: (u, auth, { path }) => u.get(auth, path.job_id),
  }),
  cancel: defineOperation({
    id: 'Jobs_cancel',
    method: 'POST',
    path: '/v1/jobs/{job_id}/cancel',
    status: 200,
    useCases: JobsUseCases,
    input: {},
    run: (u, auth, { path }) => u.cancel(auth, path.job_id),
  }),
  retry: defineOperation({
    id: 'Jobs_retry',
    method: 'POST',
    path: '/v1/jobs/{job_id}/retry',
    status: 202,
    useCases: JobsUseCases,
    input: {},
    run: (u, auth, { path }) => u.retry(auth, path.job_id),
  }),
};
