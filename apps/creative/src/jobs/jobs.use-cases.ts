import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { JOB_PAGE_DEFAULT, type JobDto, type JobListDto, type ListJobsQuery } from './dto/job.dto';
import type { JobKind, JobState } from './job-types';
import { JobsService } from './jobs.service';

/** The jobs' use cases as REST and MCP run them: list, read, cancel, retry. */
@Injectable()
export class JobsUseCases {
  constructor(private readonly jobs: JobsService) {}

  async list(auth: AuthContext, query: ListJobsQuery): Promise<JobListDto> {
    const { data, nextCursor } = await this.jobs.list(auth.accountId, {
      limit: query.limit ?? JOB_PAGE_DEFAULT,
      cursor: query.cursor,
      state: query.state as JobState | undefined,
      kind: query.kind as JobKind | undefined,
    });
    return { data, next_cursor: nextCursor };
  }

  get(auth: AuthContext, jobId: string): Promise<JobDto> {
    return this.jobs.get(auth.accountId, jobId);
  }

  cancel(auth: AuthContext, jobId: string): Promise<JobDto> {
    return this.jobs.cancel(auth.accountId, jobId);
  }

  retry(auth: AuthContext, jobId: string): Promise<JobDto> {
    return this.jobs.retry(auth.accountId, jobId);
  }
}
