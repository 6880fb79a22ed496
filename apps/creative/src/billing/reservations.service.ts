import { Injectable } from '@nestjs/common';
import { ConflictError } from '@platform/errors';
import { BillingJobsPort } from './billing-jobs.port';
import { BillingService } from './billing.service';

/** POST /v1/billing/reservations/{id}/release: what may be released, and the job that goes with it (through the jobs port). */
@Injectable()
export class ReservationsService {
  constructor(
    private readonly billing: BillingService,
    private readonly jobs: BillingJobsPort,
  ) {}

  async release(accountId: string, id: string): Promise<void> {
    const row = await this.billing.reservation(accountId, id);
    if (row.state !== 'held') throw new ConflictError(`The reservation is already ${row.state}`, 'reservation_not_held');
    if (!row.job_id) return this.billing.releaseUnstarted(row);
    const state = await this.jobs.stateOf(accountId, row.job_id);
    if (state === 'queued') {
      // Not started: the job goes with the credits that pay for it (cancelling a queued job releases its reservation).
      await this.jobs.cancel(accountId, row.job_id);
      await this.billing.settle(row.id, 'cancelled', { reason: 'released_by_client' });
      return;
    }
    if (state === 'running')
      throw new ConflictError(`Job ${row.job_id} is running: cancel it (POST /v1/jobs/${row.job_id}/cancel) to release its reservation`, 'reservation_in_use');
    if (state === 'succeeded') {
      await this.billing.settle(row.id, 'succeeded');
      throw new ConflictError(`Job ${row.job_id} succeeded: its reservation is captured`, 'reservation_not_held');
    }
    await this.billing.settle(row.id, state === 'cancelled' ? 'cancelled' : 'failed', { reason: 'released_by_client' });
  }
}
