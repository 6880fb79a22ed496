import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { BillingJobsPort, type BillingJobs } from '../billing/billing-jobs.port';
import { Job } from './job.entity';
import { JobsService } from './jobs.service';

/** Jobs' side of billing's `BillingJobs` port (plugged in at construction): the state of the jobs reservations pay for, and cancelling one. */
@Injectable()
export class JobsForBilling implements BillingJobs {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly jobs: JobsService,
    port: BillingJobsPort,
  ) {
    port.implement(this);
  }

  async stateOf(accountId: string, jobId: string): Promise<string | undefined> {
    const job = await this.ds.getRepository(Job).findOne({ select: { state: true }, where: { id: jobId, accountId } });
    return job?.state;
  }

  cancel(accountId: string, jobId: string): Promise<unknown> {
    return this.jobs.cancel(accountId, jobId);
  }

  async liveness(jobIds: string[], graceSeconds: number): Promise<Map<string, { state: string; live: boolean }>> {
    if (!jobIds.length) return new Map();
    const rows = (await this.ds
      .getRepository(Job)
      .createQueryBuilder('j')
      .select('j.id', 'id')
      .addSelect('j.state', 'state')
      .addSelect(`(j.state = 'queued' OR (j.state = 'running' AND j.lease_until > now() - make_interval(secs => :grace)))`, 'live')
      .where({ id: In(jobIds) })
      .setParameter('grace', graceSeconds)
      .getRawMany()) as { id: string; state: string; live: boolean | null }[];
    return new Map(rows.map((r) => [r.id, { state: r.state, live: r.live === true }]));
  }
}
