import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConflictError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { JobsService } from '../jobs/jobs.service';
import { BillingService } from './billing.service';

/** POST /v1/billing/reservations/{id}/release: what may be released, and the job that goes with it. */
@Injectable()
export class ReservationsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly billing: BillingService,
    private readonly moduleRef: ModuleRef,
  ) {}

  async release(accountId: string, id: string): Promise<void> {
    const row = await this.billing.reservation(accountId, id);
    if (row.state !== 'held') throw new ConflictError(`The reservation is already ${row.state}`, 'reservation_not_held');
    if (!row.job_id) return this.billing.releaseUnstarted(row);
    const [job] = (await this.ds.query(`SELECT state FROM creative.jobs WHERE id = $1 AND account_id = $2`, [row.job_id, accountId])) as { state: string }[];
    if (job?.state === 'queued') {
      // Not started: the job goes with the credits that pay for it (cancelling a queued job releases its reservation).
      await this.moduleRef.get(JobsService, { strict: false }).cancel(accountId, row.job_id);
      await this.billing.settle(row.id, 'cancelled', { reason: 'released_by_client' });
      return;
    }
    if (job?.state === 'running') throw new ConflictError(`Job ${row.job_id} is running: cancel it (POST /v1/jobs/${row.job_id}/cancel) to release its reservation`, 'reservation_in_use');
    if (job?.state === 'succeeded') {
      await this.billing.settle(row.id, 'succeeded');
      throw new ConflictError(`Job ${row.job_id} succeeded: its reservation is captured`, 'reservation_not_held');
    }
    await this.billing.settle(row.id, job?.state === 'cancelled' ? 'cancelled' : 'failed', { reason: 'released_by_client' });
  }
}
