import { Injectable } from '@nestjs/common';
import { BillingJobsPort, type BillingJobs } from '../billing/billing-jobs.port';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** Jobs' side of billing's `BillingJobs` port (plugged in at construction): the state of the jobs reservations pay for, and cancelling one. */
@Injectable()
export class JobsForBilling implements BillingJobs {
  constructor(
    private readonly rows: JobsRepository,
    private readonly jobs: JobsService,
    port: BillingJobsPort,
  ) {
    port.implement(this);
  }

  async stateOf(accountId: string, jobId: string): Promise<string | undefined> {
    return this.rows.stateOf(accountId, jobId);
  }

  cancel(accountId: string, jobId: string): Promise<unknown> {
    return this.jobs.cancel(accountId, jobId);
  }

  async liveness(jobIds: string[], graceSeconds: number): Promise<Map<string, { state: string; live: boolean }>> {
    if (!jobIds.length) return new Map();
    const rows = await this.rows.liveness(jobIds, graceSeconds);
    return new Map(rows.map((r) => [r.id, { state: r.state, live: r.live === true }]));
  }
}
