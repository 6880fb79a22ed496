import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ConflictError, DomainException, NotFoundError } from '@platform/errors';
import type { EntityManager } from 'typeorm';
import type { CreativeConfig } from '../config';
import type { Charge, Estimate, MeterContext } from './metering';
import { FREE_PLAN_ID, plans, priceOf, type Plan } from './price-book';
import {
  BillingRepository,
  type BillingAccountRow,
  type LedgerType,
  type ReservationRow,
  type ReservationState,
  type UsageOutcome,
} from './billing.repository';
import { BillingJobsPort } from './billing-jobs.port';

export type { BillingAccountRow, LedgerRow, LedgerType, ReservationRow, ReservationState, UsageOutcome } from './billing.repository';
export { updated } from './billing.repository';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What a plan change did: a new subscription, an upgrade now, a downgrade scheduled, a scheduled change called off, nothing. */
export type PlanChange = 'started' | 'upgraded' | 'scheduled' | 'kept' | 'none';

/** `credits` times the share of the period [start, end) still ahead (Stripe's proration), rounded up. */
export function proratedCredits(credits: number, start: Date, end: Date, now = Date.now()): number {
  const length = end.getTime() - start.getTime();
  const left = length > 0 ? Math.min(1, Math.max(0, (end.getTime() - now) / length)) : 0;
  return Math.ceil(credits * left);
}

/** The units a usage event counts, by operation. */
function unitsOf(operation: string, params: Record<string, unknown>): { units: number; unit: string } {
  switch (operation) {
    case 'transform':
      return { units: Number(params.operations) || 0, unit: 'operation' };
    case 'video':
      return { units: Number(params.seconds) || 0, unit: 'second' };
    case 'campaign':
      return { units: Array.isArray(params.pieces) ? params.pieces.length : 0, unit: 'piece' };
    case 'vision':
    case 'planning':
      return { units: 1, unit: 'request' };
    default:
      return { units: 1, unit: 'image' };
  }
}

export function insufficientCredits(estimate: Estimate, balance: number): DomainException {
  return new DomainException(
    'insufficient_credits',
    `This ${estimate.operation} costs ${estimate.credits} credits; the balance is ${balance}. Buy credits or change plan (POST /v1/billing/checkout).`,
    'payment_required',
    { extra: { estimate: { operation: estimate.operation, credits: estimate.credits, breakdown: estimate.breakdown }, balance } },
  );
}

const reservationNotFound = () => new NotFoundError('Reservation not found', 'not_found');

/**
 * Credits: each account's balance (a row locked for every change, so parallel requests are serialised and the
 * balance never goes below zero), the append-only ledger with the balance after each entry, reservations of billable
 * work (held → captured | released) and the usage event each settled reservation records. Its tables are
 * BillingRepository's; what it needs of jobs comes through its BillingJobsPort.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly jobs: BillingJobsPort,
  ) {}

  get plans(): Plan[] {
    return plans(this.config.billing.freeMonthlyCredits);
  }

  plan(id: string): Plan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  /**
   * Runs `fn` with the account's billing row locked (created with the free plan's grant on first use; the plan's
   * monthly grant added when a period has ended, unless a gateway's subscription renews it: see `gatewayRenews`).
   */
  async locked<T>(accountId: string, fn: (m: EntityManager, acct: BillingAccountRow) => Promise<T>): Promise<T> {
    return this.repo.transaction(async (m) => {
      const free = this.plan(FREE_PLAN_ID)!;
      if (await this.repo.createAccountIfMissing(m, accountId, FREE_PLAN_ID, free.monthly_credits)) {
        await this.ledger(m, accountId, 'grant', free.monthly_credits, free.monthly_credits, { description: `Monthly grant of the ${free.name} plan` });
      }
      const acct = await this.repo.lockAccount(m, accountId);
      if (acct.period_end.getTime() <= Date.now() && !gatewayRenews(acct)) return fn(m, await this.renew(m, acct));
      return fn(m, acct);
    });
  }

  /** `locked`, or inside the caller's transaction `m` (the row locked there). */
  private async lockedIn<T>(m: EntityManager | undefined, accountId: string, fn: (m: EntityManager, acct: BillingAccountRow) => Promise<T>): Promise<T> {
    if (!m) return this.locked(accountId, fn);
    return fn(m, await this.repo.lockAccount(m, accountId));
  }

  async ledger(
    m: EntityManager,
    accountId: string,
    type: LedgerType,
    amount: number,
    balanceAfter: number,
    o: { description: string; reservationId?: string; operation?: string; reference?: string },
  ): Promise<void> {
    await this.repo.insertLedger(m, accountId, type, amount, balanceAfter, o);
  }

  /** Changes the balance by `amount` (a grant, purchase, refund or adjustment) with its ledger entry. */
  async credit(accountId: string, type: LedgerType, amount: number, description: string, reference?: string, m0?: EntityManager): Promise<number> {
    const run = async (m: EntityManager, acct: BillingAccountRow) => {
      const balance = Math.max(0, Number(acct.balance) + amount);
      await this.repo.setBalance(m, accountId, balance);
      await this.ledger(m, accountId, type, balance - Number(acct.balance), balance, { description, reference });
      return balance;
    };
    return this.lockedIn(m0, accountId, run);
  }

  /** The account's billing row (created on first use). */
  account(accountId: string): Promise<BillingAccountRow> {
    return this.locked(accountId, async (_m, acct) => acct);
  }

  /**
   * Reserves the price of `charge`: 402 `insufficient_credits` (with the estimate and the balance) when the balance
   * cannot cover it, nothing changed. `started`: the work starts at once (a synchronous operation).
   */
  async reserve(ctx: MeterContext, charge: Charge, started: boolean): Promise<{ reservation: ReservationRow; estimate: Estimate }> {
    const estimate = priceOf(charge);
    const reservation = await this.locked(ctx.accountId, async (m, acct) => {
      const balance = Number(acct.balance);
      if (balance < estimate.credits) throw insufficientCredits(estimate, balance);
      const after = balance - estimate.credits;
      await this.repo.setBalance(m, ctx.accountId, after);
      const id = newId('res');
      const row = await this.repo.insertReservation(m, id, ctx, {
        operation: charge.operation,
        params: charge.params ?? {},
        credits: estimate.credits,
        started,
        ttlSeconds: this.config.billing.reservationTtlSeconds,
      });
      await this.ledger(m, ctx.accountId, 'reserve', -estimate.credits, after, {
        description: `Reserved for ${charge.operation}`,
        reservationId: id,
        operation: charge.operation,
      });
      return row;
    });
    return { reservation, estimate };
  }

  /**
   * `reserve` for work that starts at once (renders and other synchronous operations), in one statement instead of a
   * transaction of five: the balance is taken down only if it covers the price (the UPDATE re-checks the row it
   * waited for, so parallel requests never overdraw), with the reservation and its ledger entry. When it cannot (no
   * billing row yet, the month's period over, or too little credit) it answers null and the caller takes `reserve`,
   * which creates the row, grants the month or answers 402.
   */
  reserveAtOnce(ctx: MeterContext, charge: Charge, estimate: Estimate): Promise<ReservationRow | null> {
    return this.repo.reserveAtOnce(ctx, {
      operation: charge.operation,
      params: charge.params ?? {},
      credits: estimate.credits,
      ttlSeconds: this.config.billing.reservationTtlSeconds,
      description: `Reserved for ${charge.operation}`,
    });
  }

  /** BILLING_RESERVATION_TTL_SECONDS: how long a hold nothing renews or settles lasts. */
  get reservationTtlSeconds(): number {
    return this.config.billing.reservationTtlSeconds;
  }

  /** Pushes a held reservation's expiry BILLING_RESERVATION_TTL_SECONDS ahead (its work is still running here); false when no longer held. */
  extendHold(reservationId: string): Promise<boolean> {
    return this.repo.extendHold(reservationId, this.config.billing.reservationTtlSeconds);
  }

  /** The reservation (held or captured) of the request of an Idempotency-Key's claim, if any. */
  reservationUnder(accountId: string, idempotencyRef: string): Promise<ReservationRow | undefined> {
    return this.repo.reservationUnder(accountId, idempotencyRef);
  }

  /**
   * The usage event of an operation the price book makes free (a preview): no reservation, no ledger entry, no lock of
   * the account row (a free operation cannot overdraw), one INSERT.
   */
  async recordFree(ctx: MeterContext, charge: Charge, outcome: UsageOutcome, durationMs: number): Promise<void> {
    const { units, unit } = unitsOf(charge.operation, charge.params ?? {});
    await this.repo.insertFreeUsage(ctx, charge.operation, outcome, units, unit, durationMs);
  }

  /**
   * Settles a reservation already read, in one statement: the account row locked first (as `locked` does, so the two
   * cannot deadlock), the reservation settled if still held, the balance given back on release, the ledger entry with
   * the balance after it, and the usage event. Answers false when the reservation was not held.
   */
  settleAtOnce(reservation: ReservationRow, outcome: UsageOutcome, extra: { durationMs?: number; reason?: string } = {}): Promise<boolean> {
    const capture = outcome === 'succeeded';
    const { units, unit } = unitsOf(reservation.operation, reservation.params);
    return this.repo.settleAtOnce(reservation, {
      capture,
      reason: capture ? null : (extra.reason ?? outcome),
      outcome,
      units,
      unit,
      durationMs: extra.durationMs ?? null,
    });
  }

  /**
   * Settles a held reservation: `captured` (the work succeeded: the credits are spent) or `released` (they return to
   * the balance). Records the operation's usage event. Answers false when it was not held (settled already).
   */
  async settle(reservationId: string, outcome: UsageOutcome, extra: { durationMs?: number; reason?: string } = {}): Promise<boolean> {
    const row = await this.repo.reservationById(reservationId);
    return row ? this.settleAtOnce(row, outcome, extra) : false;
  }

  async markStarted(reservationId: string): Promise<void> {
    await this.repo.markStarted(reservationId);
  }

  /** The held reservation of a job (its latest), if any. */
  heldOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return this.repo.heldOfJob(jobId);
  }

  lastOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return this.repo.lastOfJob(jobId);
  }

  async reservation(accountId: string, id: string): Promise<ReservationRow> {
    const row = ID.test(id) ? await this.repo.reservationOf(accountId, id) : undefined;
    if (!row) throw reservationNotFound();
    return row;
  }

  /** POST /v1/billing/reservations/{id}/release for a reservation without a job (jobs: see Metering). */
  async releaseUnstarted(row: ReservationRow): Promise<void> {
    if (row.state !== 'held') throw new ConflictError(`The reservation is already ${row.state}`, 'reservation_not_held');
    const stale = row.started_at && row.started_at.getTime() < Date.now() - this.config.billing.reservationTtlSeconds * 1000;
    if (row.started_at && !stale)
      throw new ConflictError('The work of this reservation is running; it is captured or released when it ends', 'reservation_in_use');
    await this.settle(row.id, 'cancelled', { reason: 'released_by_client' });
  }

  ledgerPage(accountId: string, limit: number, cursor?: string) {
    return this.repo.ledgerPage(accountId, limit, cursor);
  }

  reservationsPage(accountId: string, limit: number, cursor?: string, state?: ReservationState) {
    return this.repo.reservationsPage(accountId, limit, cursor, state);
  }

  /**
   * A new period (the old one ended, or the gateway renewed the subscription: `reference`): the plan scheduled for
   * this renewal, if any, becomes the account's, its monthly credits are granted and the period restarts now.
   * Answers the row as it is afterwards.
   */
  async renew(m: EntityManager, acct: BillingAccountRow, reference?: string): Promise<BillingAccountRow> {
    const free = this.plan(FREE_PLAN_ID)!;
    const plan = this.plan(acct.scheduled_plan_id ?? acct.plan_id) ?? free;
    const balance = Number(acct.balance) + plan.monthly_credits;
    await this.repo.renew(m, acct.account_id, plan.id, balance);
    await this.ledger(m, acct.account_id, 'grant', plan.monthly_credits, balance, { description: `Monthly grant of the ${plan.name} plan`, reference });
    return this.repo.lockAccount(m, acct.account_id);
  }

  /**
   * A paid plan becomes the account's, as Stripe changes a subscription (see docs/creative.md, "Plan changes"):
   * - from the free plan (a new subscription): its monthly credits now and a new monthly period from now;
   * - to a larger plan (an upgrade): at once, with the difference of monthly credits prorated to what is left of the
   *   period (Stripe's proration); the period and its end stay;
   * - to a smaller plan (a downgrade): scheduled for the end of the period (the plan paid for is kept until then; the
   *   renewal grants the smaller plan's credits); nothing granted now;
   * - to the plan held: nothing, except that a scheduled downgrade is called off.
   * So switching back and forth within a period never grants more than the largest plan's month.
   * Answers what it did.
   */
  async changePlan(accountId: string, planId: string, reference: string, m0?: EntityManager): Promise<PlanChange> {
    const plan = this.plan(planId);
    if (!plan || plan.kind !== 'plan' || plan.id === FREE_PLAN_ID) return 'none';
    const run = async (m: EntityManager, acct: BillingAccountRow): Promise<PlanChange> => {
      const current = this.plan(acct.plan_id) ?? this.plan(FREE_PLAN_ID)!;
      if (current.id === plan.id) {
        if (!acct.scheduled_plan_id) return 'none';
        await this.repo.schedulePlan(m, accountId, null);
        return 'kept';
      }
      if (current.id === FREE_PLAN_ID) {
        const balance = Number(acct.balance) + plan.monthly_credits;
        await this.repo.startPlan(m, accountId, plan.id, balance);
        await this.ledger(m, accountId, 'grant', plan.monthly_credits, balance, { description: `Subscribed to ${plan.name}: its monthly grant`, reference });
        return 'started';
      }
      if (plan.monthly_credits > current.monthly_credits) {
        const credits = proratedCredits(plan.monthly_credits - current.monthly_credits, acct.period_start, acct.period_end);
        const balance = Number(acct.balance) + credits;
        await this.repo.switchPlan(m, accountId, plan.id, balance);
        await this.ledger(m, accountId, 'grant', credits, balance, {
          description: `Upgraded from ${current.name} to ${plan.name}: the difference of monthly credits, prorated to the rest of the period`,
          reference,
        });
        return 'upgraded';
      }
      await this.repo.schedulePlan(m, accountId, plan.id);
      return 'scheduled';
    };
    return this.lockedIn(m0, accountId, run);
  }

  /**
   * The sweep of held reservations past `expires_at` (BILLING_RESERVATION_TTL_SECONDS): a job not yet ended (queued,
   * or running, whether or not its worker's lease is live) extends its hold; a job that succeeded captures; anything
   * else (a synchronous operation whose process died, a job that failed or was cancelled) is released. A running job
   * whose worker died is run again by the jobs' recovery or failed as lost, and its end settles the hold: released
   * earlier, a run that then succeeded was never charged (tools/chaos, kill-video-worker on a loaded machine).
   */
  async sweepExpired(): Promise<{ extended: number; captured: number; released: number }> {
    const ttl = this.config.billing.reservationTtlSeconds;
    const rows = await this.repo.expiredHeld(500);
    const jobs = await this.jobs.liveness([...new Set(rows.flatMap((r) => (r.job_id ? [r.job_id] : [])))], ttl);
    const out = { extended: 0, captured: 0, released: 0 };
    for (const r of rows) {
      const job = r.job_id ? jobs.get(r.job_id) : undefined;
      if (job && (job.live || job.state === 'queued' || job.state === 'running')) {
        await this.repo.extendHold(r.id, ttl);
        out.extended += 1;
      } else if (job?.state === 'succeeded') {
        if (await this.settle(r.id, 'succeeded')) out.captured += 1;
      } else if (await this.settle(r.id, job?.state === 'cancelled' ? 'cancelled' : 'failed', { reason: 'expired' })) {
        out.released += 1;
        this.logger.warn(`Reservation ${r.id}${r.job_id ? ` of job ${r.job_id}` : ''} expired while held; released`);
      }
    }
    return out;
  }
}

/**
 * Whether the account's period is renewed by its payment gateway rather than by the clock: a paid plan held through a
 * Stripe subscription that has not ended. Stripe's renewal invoice (`invoice.paid`, `subscription_cycle`) grants that
 * month when it is paid, often an hour or more after the period ends; renewing on the clock as well granted the month
 * twice (once on the first request after the period's end, again when the invoice was paid), and granted it even when the
 * payment then failed.
 */
export function gatewayRenews(acct: Pick<BillingAccountRow, 'plan_id' | 'gateway' | 'subscription_id' | 'subscription_status'>): boolean {
  return (
    acct.plan_id !== FREE_PLAN_ID &&
    acct.gateway === 'stripe' &&
    !!acct.subscription_id &&
    // The local gateway (development) has no renewal invoices: its subscriptions renew on the clock.
    !acct.subscription_id.startsWith('sub_local_') &&
    !['canceled', 'incomplete_expired'].includes(acct.subscription_status ?? '')
  );
}
