import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { decodeCursor, encodeCursor, newId } from '@platform/database';
import { ConflictError, DomainException, NotFoundError } from '@platform/errors';
import { DataSource, EntityManager } from 'typeorm';
import type { CreativeConfig } from '../config';
import type { Charge, Estimate, MeterContext } from './metering';
import { FREE_PLAN_ID, plans, priceOf, type Plan } from './price-book';

export type LedgerType = 'grant' | 'purchase' | 'reserve' | 'capture' | 'release' | 'refund' | 'adjustment';
export type ReservationState = 'held' | 'captured' | 'released';
export type UsageOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface BillingAccountRow {
  account_id: string;
  plan_id: string;
  balance: string;
  period_start: Date;
  period_end: Date;
  gateway: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
}

export interface ReservationRow {
  id: string;
  account_id: string;
  operation: string;
  params: Record<string, unknown>;
  credits: string;
  state: ReservationState;
  job_id: string | null;
  design_id: string | null;
  asset_id: string | null;
  credential_id: string | null;
  started_at: Date | null;
  expires_at: Date;
  settled_at: Date | null;
  release_reason: string | null;
  created_at: Date;
}

export interface LedgerRow {
  id: string;
  account_id: string;
  type: LedgerType;
  amount: string;
  balance_after: string;
  reservation_id: string | null;
  operation: string | null;
  description: string;
  reference: string | null;
  created_at: Date;
}

const S = 'creative';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

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
    402,
    { extra: { estimate: { operation: estimate.operation, credits: estimate.credits, breakdown: estimate.breakdown }, balance } },
  );
}

/** The rows of an UPDATE … RETURNING (TypeORM answers `[rows, count]` for updates). */
export async function updated<T>(m: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const raw = (await m.query(sql, params)) as [T[], number];
  return raw[0];
}

const reservationNotFound = () => new NotFoundError('Reservation not found', 'reservation_not_found');

/**
 * Credits: each account's balance (a row locked for every change, so parallel requests are serialised and the
 * balance never goes below zero), the append-only ledger with the balance after each entry, reservations of billable
 * work (held → captured | released) and the usage event each settled reservation records.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  get plans(): Plan[] {
    return plans(this.config.billing.freeMonthlyCredits);
  }

  plan(id: string): Plan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  /**
   * Runs `fn` with the account's billing row locked (created with the free plan's grant on first use; the plan's
   * monthly grant added when a period has ended).
   */
  async locked<T>(accountId: string, fn: (m: EntityManager, acct: BillingAccountRow) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      const free = this.plan(FREE_PLAN_ID)!;
      const created: unknown[] = await m.query(
        `INSERT INTO "${S}".billing_accounts (account_id, plan_id, balance, period_start, period_end)
         VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp() + interval '1 month') ON CONFLICT DO NOTHING RETURNING account_id`,
        [accountId, FREE_PLAN_ID, free.monthly_credits],
      );
      if (created.length) await this.ledger(m, accountId, 'grant', free.monthly_credits, free.monthly_credits, { description: `Monthly grant of the ${free.name} plan` });
      const [acct] = (await m.query(`SELECT * FROM "${S}".billing_accounts WHERE account_id = $1 FOR UPDATE`, [accountId])) as BillingAccountRow[];
      if (acct.period_end.getTime() <= Date.now()) {
        const plan = this.plan(acct.plan_id) ?? free;
        const balance = Number(acct.balance) + plan.monthly_credits;
        await m.query(
          `UPDATE "${S}".billing_accounts SET balance = $2, period_start = clock_timestamp(), period_end = clock_timestamp() + interval '1 month', updated_at = clock_timestamp() WHERE account_id = $1`,
          [accountId, balance],
        );
        await this.ledger(m, accountId, 'grant', plan.monthly_credits, balance, { description: `Monthly grant of the ${plan.name} plan` });
        acct.balance = String(balance);
      }
      return fn(m, acct);
    });
  }

  /** `locked`, or inside the caller's transaction `m` (the row locked there). */
  private async lockedIn<T>(m: EntityManager | undefined, accountId: string, fn: (m: EntityManager, acct: BillingAccountRow) => Promise<T>): Promise<T> {
    if (!m) return this.locked(accountId, fn);
    const [acct] = (await m.query(`SELECT * FROM "${S}".billing_accounts WHERE account_id = $1 FOR UPDATE`, [accountId])) as BillingAccountRow[];
    return fn(m, acct);
  }

  async ledger(
    m: EntityManager,
    accountId: string,
    type: LedgerType,
    amount: number,
    balanceAfter: number,
    o: { description: string; reservationId?: string; operation?: string; reference?: string },
  ): Promise<void> {
    await m.query(
      `INSERT INTO "${S}".billing_ledger (id, account_id, type, amount, balance_after, reservation_id, operation, description, reference) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [newId('led'), accountId, type, amount, balanceAfter, o.reservationId ?? null, o.operation ?? null, o.description, o.reference ?? null],
    );
  }

  /** Changes the balance by `amount` (a grant, purchase, refund or adjustment) with its ledger entry. */
  async credit(accountId: string, type: LedgerType, amount: number, description: string, reference?: string, m0?: EntityManager): Promise<number> {
    const run = async (m: EntityManager, acct: BillingAccountRow) => {
      const balance = Math.max(0, Number(acct.balance) + amount);
      await m.query(`UPDATE "${S}".billing_accounts SET balance = $2, updated_at = clock_timestamp() WHERE account_id = $1`, [accountId, balance]);
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
      await m.query(`UPDATE "${S}".billing_accounts SET balance = $2, updated_at = clock_timestamp() WHERE account_id = $1`, [ctx.accountId, after]);
      const id = newId('res');
      const [row] = (await m.query(
        `INSERT INTO "${S}".billing_reservations (id, account_id, operation, params, credits, state, job_id, design_id, asset_id, credential_id, started_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'held', $6, $7, $8, $9, CASE WHEN $10 THEN clock_timestamp() END, clock_timestamp() + make_interval(secs => $11)) RETURNING *`,
        [id, ctx.accountId, charge.operation, JSON.stringify(charge.params ?? {}), estimate.credits, ctx.jobId ?? null, ctx.designId ?? null, ctx.assetId ?? null, ctx.credentialId ?? null, started, this.config.billing.reservationTtlSeconds],
      )) as ReservationRow[];
      await this.ledger(m, ctx.accountId, 'reserve', -estimate.credits, after, { description: `Reserved for ${charge.operation}`, reservationId: id, operation: charge.operation });
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
  async reserveAtOnce(ctx: MeterContext, charge: Charge, estimate: Estimate): Promise<ReservationRow | null> {
    const id = newId('res');
    const rows = (await this.ds.query(
      `WITH acct AS (
         UPDATE "${S}".billing_accounts SET balance = balance - $5, updated_at = clock_timestamp()
         WHERE account_id = $2 AND balance >= $5 AND period_end > clock_timestamp() RETURNING balance),
       res AS (
         INSERT INTO "${S}".billing_reservations (id, account_id, operation, params, credits, state, job_id, design_id, asset_id, credential_id, started_at, expires_at)
         SELECT $1, $2, $3, $4, $5, 'held', $6, $7, $8, $9, clock_timestamp(), clock_timestamp() + make_interval(secs => $10) FROM acct RETURNING *),
       led AS (
         INSERT INTO "${S}".billing_ledger (id, account_id, type, amount, balance_after, reservation_id, operation, description)
         SELECT $11, $2, 'reserve', -$5, acct.balance, $1, $3, $12 FROM acct)
       SELECT * FROM res`,
      [
        id,
        ctx.accountId,
        charge.operation,
        JSON.stringify(charge.params ?? {}),
        estimate.credits,
        ctx.jobId ?? null,
        ctx.designId ?? null,
        ctx.assetId ?? null,
        ctx.credentialId ?? null,
        this.config.billing.reservationTtlSeconds,
        newId('led'),
        `Reserved for ${charge.operation}`,
      ],
    )) as ReservationRow[];
    return rows[0] ?? null;
  }

  /**
   * The usage event of an operation the price book makes free (a preview): no reservation, no ledger entry, no lock of
   * the account row (a free operation cannot overdraw), one INSERT.
   */
  async recordFree(ctx: MeterContext, charge: Charge, outcome: UsageOutcome, durationMs: number): Promise<void> {
    const { units, unit } = unitsOf(charge.operation, charge.params ?? {});
    await this.ds.query(
      `INSERT INTO "${S}".usage_events (id, account_id, operation, outcome, units, unit, credits, design_id, job_id, asset_id, credential_id, reservation_id, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, NULL, $11)`,
      [newId('use'), ctx.accountId, charge.operation, outcome, units, unit, ctx.designId ?? null, ctx.jobId ?? null, ctx.assetId ?? null, ctx.credentialId ?? null, durationMs],
    );
  }

  /**
   * Settles a reservation already read, in one statement: the account row locked first (as `locked` does, so the two
   * cannot deadlock), the reservation settled if still held, the balance given back on release, the ledger entry with
   * the balance after it, and the usage event. Answers false when the reservation was not held.
   */
  async settleAtOnce(reservation: ReservationRow, outcome: UsageOutcome, extra: { durationMs?: number; reason?: string } = {}): Promise<boolean> {
    const capture = outcome === 'succeeded';
    const { units, unit } = unitsOf(reservation.operation, reservation.params);
    const rows: unknown[] = await this.ds.query(
      `WITH lock AS (SELECT account_id FROM "${S}".billing_accounts WHERE account_id = $2 FOR UPDATE),
       r AS (
         UPDATE "${S}".billing_reservations SET state = $3, settled_at = clock_timestamp(), release_reason = $4
         FROM lock WHERE id = $1 AND billing_reservations.account_id = lock.account_id AND state = 'held' RETURNING billing_reservations.*),
       acct AS (
         UPDATE "${S}".billing_accounts a SET balance = a.balance + CASE WHEN $5 THEN 0 ELSE r.credits END, updated_at = clock_timestamp()
         FROM r WHERE a.account_id = r.account_id RETURNING a.balance, r.*),
       led AS (
         INSERT INTO "${S}".billing_ledger (id, account_id, type, amount, balance_after, reservation_id, operation, description)
         SELECT $6, account_id, CASE WHEN $5 THEN 'capture' ELSE 'release' END, CASE WHEN $5 THEN 0 ELSE credits END, balance, id, operation,
                CASE WHEN $5 THEN format('Captured %s credits for %s', credits, operation) ELSE format('Released (%s) for %s', $4::text, operation) END
         FROM acct),
       used AS (
         INSERT INTO "${S}".usage_events (id, account_id, operation, outcome, units, unit, credits, design_id, job_id, asset_id, credential_id, reservation_id, duration_ms)
         SELECT $7, account_id, operation, $8, $9, $10, CASE WHEN $5 THEN credits ELSE 0 END, design_id, job_id, asset_id, credential_id, id, $11 FROM acct)
       SELECT 1 FROM acct`,
      [reservation.id, reservation.account_id, capture ? 'captured' : 'released', capture ? null : (extra.reason ?? outcome), capture, newId('led'), newId('use'), outcome, units, unit, extra.durationMs ?? null],
    );
    return rows.length > 0;
  }

  /**
   * Settles a held reservation: `captured` (the work succeeded: the credits are spent) or `released` (they return to
   * the balance). Records the operation's usage event. Answers false when it was not held (settled already).
   */
  async settle(reservationId: string, outcome: UsageOutcome, extra: { durationMs?: number; reason?: string } = {}): Promise<boolean> {
    const [row] = (await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE id = $1`, [reservationId])) as ReservationRow[];
    return row ? this.settleAtOnce(row, outcome, extra) : false;
  }

  async markStarted(reservationId: string): Promise<void> {
    await this.ds.query(`UPDATE "${S}".billing_reservations SET started_at = COALESCE(started_at, clock_timestamp()) WHERE id = $1`, [reservationId]);
  }

  /** The held reservation of a job (its latest), if any. */
  async heldOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return ((await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE job_id = $1 AND state = 'held' ORDER BY created_at DESC LIMIT 1`, [jobId])) as ReservationRow[])[0];
  }

  async lastOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return ((await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE job_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [jobId])) as ReservationRow[])[0];
  }

  async reservation(accountId: string, id: string): Promise<ReservationRow> {
    const row = ID.test(id) ? ((await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE id = $1 AND account_id = $2`, [id, accountId])) as ReservationRow[])[0] : undefined;
    if (!row) throw reservationNotFound();
    return row;
  }

  /** POST /v1/billing/reservations/{id}/release for a reservation without a job (jobs: see Metering). */
  async releaseUnstarted(row: ReservationRow): Promise<void> {
    if (row.state !== 'held') throw new ConflictError(`The reservation is already ${row.state}`, 'reservation_not_held');
    const stale = row.started_at && row.started_at.getTime() < Date.now() - this.config.billing.reservationTtlSeconds * 1000;
    if (row.started_at && !stale) throw new ConflictError('The work of this reservation is running; it is captured or released when it ends', 'reservation_in_use');
    await this.settle(row.id, 'cancelled', { reason: 'released_by_client' });
  }

  private async page<T extends { id: string; created_at: Date }>(table: string, accountId: string, limit: number, cursor?: string, extraWhere = '', extraParams: unknown[] = []): Promise<{ data: T[]; nextCursor: string | null }> {
    const params: unknown[] = [accountId, limit + 1, ...extraParams];
    let where = `account_id = $1 ${extraWhere}`;
    if (cursor) {
      const c = decodeCursor(cursor);
      params.push(c.createdAt, c.id);
      where += ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    const rows = (await this.ds.query(`SELECT * FROM "${S}".${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`, params)) as T[];
    const data = rows.slice(0, limit);
    return { data, nextCursor: rows.length > limit ? encodeCursor({ createdAt: data[data.length - 1].created_at, id: data[data.length - 1].id }) : null };
  }

  ledgerPage(accountId: string, limit: number, cursor?: string) {
    return this.page<LedgerRow>('billing_ledger', accountId, limit, cursor);
  }

  reservationsPage(accountId: string, limit: number, cursor?: string, state?: ReservationState) {
    return state ? this.page<ReservationRow>('billing_reservations', accountId, limit, cursor, 'AND state = $3', [state]) : this.page<ReservationRow>('billing_reservations', accountId, limit, cursor);
  }

  /** Sets the plan (and, for a paid plan, grants its credits at once and starts a new monthly period). */
  async changePlan(accountId: string, planId: string, reference: string, m0?: EntityManager): Promise<void> {
    const plan = this.plan(planId);
    if (!plan || plan.kind !== 'plan') return;
    const run = async (m: EntityManager, acct: BillingAccountRow) => {
      if (acct.plan_id === planId) return;
      const balance = Number(acct.balance) + plan.monthly_credits;
      await m.query(
        `UPDATE "${S}".billing_accounts SET plan_id = $2, balance = $3, period_start = clock_timestamp(), period_end = clock_timestamp() + interval '1 month', updated_at = clock_timestamp() WHERE account_id = $1`,
        [accountId, planId, balance],
      );
      await this.ledger(m, accountId, 'grant', plan.monthly_credits, balance, { description: `Plan changed to ${plan.name}: its monthly grant`, reference });
    };
    return this.lockedIn(m0, accountId, run);
  }

  /**
   * The sweep of held reservations past `expires_at` (BILLING_RESERVATION_TTL_SECONDS): a job still queued, or
   * running under a live lease, extends its hold; a job that succeeded captures; anything else (a synchronous
   * operation whose process died, a job that failed, was cancelled or whose worker died and was never taken up again
   * within the TTL) is released.
   */
  async sweepExpired(): Promise<{ extended: number; captured: number; released: number }> {
    const ttl = this.config.billing.reservationTtlSeconds;
    const rows = (await this.ds.query(
      `SELECT r.id, r.job_id, j.state AS job_state, (j.state = 'queued' OR (j.state = 'running' AND j.lease_until > now() - make_interval(secs => $1))) AS job_live
       FROM "${S}".billing_reservations r LEFT JOIN "${S}".jobs j ON j.id = r.job_id
       WHERE r.state = 'held' AND r.expires_at < now() LIMIT 500`,
      [ttl],
    )) as { id: string; job_id: string | null; job_state: string | null; job_live: boolean | null }[];
    const out = { extended: 0, captured: 0, released: 0 };
    for (const r of rows) {
      if (r.job_id && r.job_live) {
        await this.ds.query(`UPDATE "${S}".billing_reservations SET expires_at = clock_timestamp() + make_interval(secs => $2) WHERE id = $1 AND state = 'held'`, [r.id, ttl]);
        out.extended += 1;
      } else if (r.job_state === 'succeeded') {
        if (await this.settle(r.id, 'succeeded')) out.captured += 1;
      } else if (await this.settle(r.id, r.job_state === 'cancelled' ? 'cancelled' : 'failed', { reason: 'expired' })) {
        out.released += 1;
        this.logger.warn(`Reservation ${r.id}${r.job_id ? ` of job ${r.job_id}` : ''} expired while held; released`);
      }
    }
    return out;
  }
}
