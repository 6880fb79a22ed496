import { Injectable } from '@nestjs/common';

/**
 * What billing needs to know of the jobs its reservations pay for. Billing is the lower feature (jobs reserve and
 * settle through `Metering`), so billing owns this port and jobs implements it (jobs/jobs-for-billing.ts): billing
 * never reads jobs' tables nor imports jobs.
 */
export interface BillingJobs {
  /** The job's state, undefined when the account has no such job. */
  stateOf(accountId: string, jobId: string): Promise<string | undefined>;
  /** Cancels a queued job (its reservation is released with it). */
  cancel(accountId: string, jobId: string): Promise<unknown>;
  /**
   * For the reservation sweep, each of `jobIds` that exists: its state, and whether it is live (queued, or running
   * under a lease that ran out less than `graceSeconds` ago).
   */
  liveness(jobIds: string[], graceSeconds: number): Promise<Map<string, { state: string; live: boolean }>>;
}

/**
 * The port as billing injects it: jobs plugs its implementation in when its module starts (`implement`). A Nest
 * token would need billing's module to import jobs' (jobs' services depend on billing's `Metering`: a circle).
 */
@Injectable()
export class BillingJobsPort implements BillingJobs {
  private impl: BillingJobs | null = null;

  implement(impl: BillingJobs): void {
    this.impl = impl;
  }

  private get jobs(): BillingJobs {
    if (!this.impl) throw new Error('BillingJobsPort: no implementation (JobsModule provides it)');
    return this.impl;
  }

  stateOf(accountId: string, jobId: string): Promise<string | undefined> {
    return this.jobs.stateOf(accountId, jobId);
  }

  cancel(accountId: string, jobId: string): Promise<unknown> {
    return this.jobs.cancel(accountId, jobId);
  }

  liveness(jobIds: string[], graceSeconds: number): Promise<Map<string, { state: string; live: boolean }>> {
    return this.jobs.liveness(jobIds, graceSeconds);
  }
}
