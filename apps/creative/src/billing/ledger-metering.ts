import { Injectable, Logger } from '@nestjs/common';
import { BillingService, insufficientCredits } from './billing.service';
import { Metering, type Charge, type Estimate, type MeterContext } from './metering';
import { priceOf } from './price-book';

/**
 * How long a settle the database refused is tried again, and the longest wait between tries: less than the shortest
 * sensible BILLING_RESERVATION_TTL_SECONDS, so the retry, not the sweep, settles the reservation.
 */
const SETTLE_RETRY_FOR_MS = 10 * 60 * 1000;
const SETTLE_RETRY_MAX_DELAY_MS = 5000;

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
    // A free operation (previews): nothing to reserve, the usage event only. It is not retried when the database refuses it (a retry whose first try did commit would record it
    // twice): the preview is answered and the event, worth no credits, is logged as lost.
    if (estimate.credits === 0)
      return this.around(work, (outcome, ms) => this.billing.recordFree(ctx, charge, outcome, ms), `the usage event of ${charge.operation}`, false);
    const prior = ctx.idempotencyRef ? await this.billing.reservationUnder(ctx.accountId, ctx.idempotencyRef) : undefined;
    // A retry of a request whose process died (its Idempotency-Key taken over): its charge is found by the key's claim.
    // Captured: the work was done and paid; it runs again only to answer (a render from its stored artifact), uncharged.
    if (prior?.state === 'captured') return work();
    // Held: the dead process reserved and did not settle; this run settles that reservation (still held once renewed).
    const adopted = prior?.state === 'held' && (await this.billing.extendHold(prior.id)) ? prior : null;
    const reservation = adopted ?? (await this.billing.reserveAtOnce(ctx, charge, estimate)) ?? (await this.billing.reserve(ctx, charge, true)).reservation;
    return this.around(
      () => this.holding(reservation.id, work),
      (outcome, ms) => this.billing.settleAtOnce(reservation, outcome, { durationMs: ms, ...(outcome === 'failed' ? { reason: 'failed' } : {}) }),
      `reservation ${reservation.id} of ${charge.operation}`,
      true,
    );
  }

  /**
   * Runs `work` while renewing the hold of its reservation (every third of BILLING_RESERVATION_TTL_SECONDS), as a job's
   * lease is renewed: a synchronous render slower than the TTL (127 s on a saturated machine, the TTL 60 s in the chaos
   * suite) kept its hold, where the sweep used to release it mid-draw and the capture then found nothing held (the render
   * answered, never charged). A process that dies stops renewing, so the sweep still releases what it held.
   */
  private async holding<T>(reservationId: string, work: () => Promise<T>): Promise<T> {
    const every = Math.max(250, (this.billing.reservationTtlSeconds * 1000) / 3);
    const timer = setInterval(() => {
      this.billing.extendHold(reservationId).catch((err) => this.logger.warn(`Could not renew the hold of ${reservationId} (${(err as Error).message})`));
    }, every);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * Runs `work`, then `settle` with its outcome and duration. The work is done (or failed) by then: when the database
   * refuses the settle (PostgreSQL restarting, a connection cut) the caller still gets the work's own answer, or its
   * error, and the settle is tried again in the background until the database takes it (found by tools/chaos, pg-fast:
   * a render whose capture failed answered 500 after it was drawn and stored, and its reservation stayed held until
   * the sweep released it as free). Settling is idempotent by reservation id (only a held reservation is settled), so
   * a retry whose first try did commit captures nothing twice.
   */
  private async around<T>(
    work: () => Promise<T>,
    settle: (outcome: 'succeeded' | 'failed', ms: number) => Promise<unknown>,
    what: string,
    retry: boolean,
  ): Promise<T> {
    const started = Date.now();
    let result: T;
    try {
      result = await work();
    } catch (e) {
      const ms = Date.now() - started;
      await settle('failed', ms).catch((err) => this.settleLater(`${what} (failed)`, err, retry ? () => settle('failed', ms) : null));
      throw e;
    }
    const ms = Date.now() - started;
    await settle('succeeded', ms).catch((err) => this.settleLater(`${what} (succeeded)`, err, retry ? () => settle('succeeded', ms) : null));
    return result;
  }

  /** Tries `settle` (null: not to be retried) again with backoff (at most SETTLE_RETRY_MAX_DELAY_MS apart) for SETTLE_RETRY_FOR_MS. */
  private settleLater(what: string, first: unknown, settle: (() => Promise<unknown>) | null): void {
    if (!settle) {
      this.logger.error(`Could not record ${what} (${(first as Error).message}); not retried`);
      return;
    }
    this.logger.warn(`Could not settle ${what} (${(first as Error).message}); trying again in the background`);
    const deadline = Date.now() + SETTLE_RETRY_FOR_MS;
    void (async () => {
      for (let i = 0; Date.now() < deadline; i++) {
        await new Promise((r) => setTimeout(r, Math.min(SETTLE_RETRY_MAX_DELAY_MS, 250 * 2 ** i)).unref());
        try {
          await settle();
          this.logger.log(`Settled ${what} after ${i + 2} tries`);
          return;
        } catch {
          /* the database is still away: try again */
        }
      }
      this.logger.error(`Gave up settling ${what}: the reservation sweep settles it when it expires`);
    })();
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
