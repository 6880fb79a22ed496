import { Injectable, Logger } from '@nestjs/common';
import { BillingService, insufficientCredits } from './billing.service';
import { Metering, type Charge, type Estimate, type MeterContext } from './metering';
import { priceOf } from './price-book';

/**
 * The real `Metering`: prices from the price book, a reservation before any work (402 when the balance cannot cover
 * it), captured when the work succeeds and released when it fails; a usage event for each.
 */
@Injectable()
export class LedgerMetering extends Metering {
  private readonly logger = new Logger('Metering');

  constructor(private readonly billing: BillingService) {
    super();
  }

  estimate(charge: Charge): Estimate {
    return priceOf(charge);
  }

  /** Two round trips around the work (`reserveAtOnce`, `settleAtOnce`), the transactional path when those cannot. */
  async metered<T>(ctx: MeterContext, charge: Charge, work: () => Promise<T>): Promise<T> {
    const estimate = priceOf(charge);
    // A free operation (previews): nothing to reserve, the usage event only.
    if (estimate.credits === 0)
      return this.around(work, (outcome, ms) => this.billing.recordFree(ctx, charge, outcome, ms), `usage of a failed ${charge.operation}`);
    const reservation = (await this.billing.reserveAtOnce(ctx, charge, estimate)) ?? (await this.billing.reserve(ctx, charge, true)).reservation;
    return this.around(
      work,
      (outcome, ms) => this.billing.settleAtOnce(reservation, outcome, { durationMs: ms, ...(outcome === 'failed' ? { reason: 'failed' } : {}) }),
      `release of ${reservation.id}`,
    );
  }

  /** Runs `work`, then `settle` with its outcome and duration; a settle after a failure is logged, the failure rethrown. */
  private async around<T>(work: () => Promise<T>, settle: (outcome: 'succeeded' | 'failed', ms: number) => Promise<unknown>, what: string): Promise<T> {
    const started = Date.now();
    let result: T;
    try {
      result = await work();
    } catch (e) {
      await settle('failed', Date.now() - started).catch((err) => this.logger.error(`${what}: ${(err as Error).message}`));
      throw e;
    }
    await settle('succeeded', Date.now() - started);
    return result;
  }

  async check(ctx: MeterContext, charge: Charge): Promise<void> {
    const estimate = priceOf(charge);
    const acct = await this.billing.account(ctx.accountId);
    if (Number(acct.balance) < estimate.credits) throw insufficientCredits(estimate, Number(acct.balance));
  }

  async reserveJob(ctx: MeterContext & { jobId: string }, charge: Charge): Promise<void> {
    await this.billing.reserve(ctx, charge, false);
  }

  async reserveJobAgain(accountId: string, jobId: string): Promise<void> {
    if (await this.billing.heldOfJob(jobId)) return;
    const last = await this.billing.lastOfJob(jobId);
    if (!last) return;
    await this.billing.reserve(
      { accountId, jobId, credentialId: last.credential_id, designId: last.design_id, assetId: last.asset_id },
      { operation: last.operation as Charge['operation'], params: last.params },
      false,
    );
  }

  async jobStarted(jobId: string): Promise<void> {
    const held = await this.billing.heldOfJob(jobId);
    if (held) await this.billing.markStarted(held.id);
  }

  async jobEnded(jobId: string, state: 'succeeded' | 'failed' | 'cancelled'): Promise<void> {
    const held = await this.billing.heldOfJob(jobId);
    if (!held) return;
    await this.billing.settle(held.id, state, { durationMs: Date.now() - (held.started_at ?? held.created_at).getTime(), reason: state });
  }
}
