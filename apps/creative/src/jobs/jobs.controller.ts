import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { CallbackDeliveryListDto, JOB_PAGE_DEFAULT, JOB_PAGE_MAX, JOB_STATE_DESCRIPTION, JobDto, JobListDto, ListJobsQuery } from './dto/job.dto';
import { CallbacksService } from './callbacks.service';
import { JobsService } from './jobs.service';
import { JobsUseCases } from './jobs.use-cases';
import { atInput } from '@platform/errors';

const JOB_ID = ApiParam({ name: 'job_id', example: 'job_01jdz3k5q8c9w3m5y4x0b7n2ph' });
const NOT_FOUND = ApiNotFoundResponse({
  type: ErrorDto,
  description: "not_found: no such job in this account (another account's jobs are not found either)",
});

@ApiTags('jobs')
@ErrorResponses()
@Controller('v1/jobs')
export class JobsController {
  constructor(
    private readonly useCases: JobsUseCases,
    private readonly jobs: JobsService,
    private readonly callbacks: CallbacksService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List jobs',
    description: `Newest first. \`limit\` 1 to ${JOB_PAGE_MAX} (default ${JOB_PAGE_DEFAULT}); \`next_cursor\` gives the next page; \`state\` and \`kind\` filter. ${JOB_STATE_DESCRIPTION}`,
  })
  @ApiOkResponse({ type: JobListDto })
  list(@Auth() auth: AuthContext, @Query() query: ListJobsQuery): Promise<JobListDto> {
    return atInput('query', () => this.useCases.list(auth, query));
  }

  @Get(':job_id')
  @JOB_ID
  @ApiOperation({
    summary: 'One job',
    description: `Its state, progress, result and artifacts (with URLs that read them without credentials for an hour). Poll it, or give a \`callback_url\` when creating the job. ${JOB_STATE_DESCRIPTION}`,
  })
  @ApiOkResponse({ type: JobDto })
  @NOT_FOUND
  get(@Auth() auth: AuthContext, @Param('job_id') id: string): Promise<JobDto> {
    return this.useCases.get(auth, id);
  }

  @Post(':job_id/cancel')
  @HttpCode(200)
  @JOB_ID
  @ApiOperation({
    summary: 'Cancel a job',
    description:
      'A `queued` job becomes `cancelled` at once. A `running` job is asked to stop: the answer may still show `running`; within a second its work ' +
      '(ffmpeg included) is killed, its temporary files removed, and it becomes `cancelled` (poll it, or wait for the `job.cancelled` callback). ' +
      'A finished job (`succeeded`, `failed`, `cancelled`) answers 409 `job_finished`.',
  })
  @ApiOkResponse({ type: JobDto })
  @ApiResponse({ status: 409, type: ErrorDto, description: 'job_finished: the job has already ended' })
  @NOT_FOUND
  cancel(@Auth() auth: AuthContext, @Param('job_id') id: string): Promise<JobDto> {
    return this.useCases.cancel(auth, id);
  }

  @Post(':job_id/retry')
  @HttpCode(202)
  @JOB_ID
  @ApiOperation({
    summary: 'Retry a failed or cancelled job',
    description:
      'The job goes back to `queued` as a new attempt (`attempts` grows by one when it starts): its error, result, artifacts and progress are cleared; ' +
      'the request is the same. A `queued`, `running` or `succeeded` job answers 409 `job_not_retryable`.',
  })
  @ApiAcceptedResponse({ type: JobDto })
  @ApiResponse({ status: 409, type: ErrorDto, description: 'job_not_retryable: only failed and cancelled jobs can be retried' })
  @NOT_FOUND
  retry(@Auth() auth: AuthContext, @Param('job_id') id: string): Promise<JobDto> {
    return this.useCases.retry(auth, id);
  }

  @Get(':job_id/callbacks')
  @JOB_ID
  @ApiOperation({
    summary: "The job's callback deliveries",
    description:
      "One delivery per event sent to the job's `callback_url` (oldest first), with every try: status code, error, duration. " +
      'A delivery is tried up to CALLBACK_MAX_ATTEMPTS times (default 8) with exponential backoff from CALLBACK_RETRY_BASE_MS (default 1 s, doubling); ' +
      'any 2xx answer delivers it, redirects are not followed.',
  })
  @ApiOkResponse({ type: CallbackDeliveryListDto })
  @NOT_FOUND
  async listCallbacks(@Auth() auth: AuthContext, @Param('job_id') id: string): Promise<CallbackDeliveryListDto> {
    const job = await this.jobs.find(auth.accountId, id);
    return { data: await this.callbacks.listForJob(auth.accountId, job.id) };
  }
}
