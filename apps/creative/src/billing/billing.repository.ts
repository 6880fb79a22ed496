import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeCursor, encodeCursor, newId } from '@platform/database';
import { DataSource, EntityManager } from 'typeorm';

export type LedgerType = 'grant' | 'purchase' | 'reserve' | 'capture' | 'release' | 'refund' | 'adjustment';
export type ReservationState = 'held' | 'captured' | 'released';
export type UsageOutcome = 'succeeded' | 'failed' | 'cancelled';

/** A `billing_accounts` row as PostgreSQL answers it (bigints as strings). */
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
  /** A downgrade scheduled for `period_end`. */
  scheduled_plan_id: string | null;
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
  idempotency_ref: string | null;
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

export interface UsageEventRow {
  id: string;
  operation: string;
  outcome: string;
  units: number;
  unit: string;
  credits: string;
  design_id: string | null;
  job_id: string | null;
  asset_id: string | null;
  credential_id: string | null;
  reservation_id: string | null;
  duration_ms: number | null;
  created_at: Date;
}

/** Who a reservation or usage event is for (the ids of a MeterContext). */
export interface ChargeRefs {
  accountId: string;
  jobId?: string | null;
  designId?: string | null;
  assetId?: string | null;
  credentialId?: string | null;
  /** The claim of the Idempotency-Key of the request it charges (renders: see `Metering.metered`); unique while not released. */
  idempotencyRef?: string | null;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

const S = 'creative';

/** The rows of an UPDATE … RETURNING (TypeORM answers `[rows, count]` for updates). */
export async function updated<T>(m: EntityManager | DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const raw = (await m.query(sql, params)) as [T[], number];
  return raw[0];
}

/**
 * Billing's tables: balances and plans, the ledger, reservations and the usage events their settlement records. SQL
 * stays SQL here: the reserve and settle statements are single CTEs whose locking order is the point.
 */
@Injectable()
export class BillingRepository {
  static readonly tables = ['billing_accounts', 'billing_reservations', 'billing_ledger', 'usage_events'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  // --- accounts ------------------------------------------------------------------------------------------

  /** Creates the account's row with a first period when it has none; true when it did. */
  async createAccountIfMissing(m: EntityManager, accountId: string, planId: string, balance: number): Promise<boolean> {
    const created: unknown[] = await m.query(
      `INSERT INTO "${S}".billing_accounts (account_id, plan_id, balance, period_start, period_end)
       VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp() + interval '1 month') ON CONFLICT DO NOTHING RETURNING account_id`,
      [accountId, planId, balance],
    );
    return created.length > 0;
  }

  /** The account's row, locked until the end of `m`'s transaction. */
  async lockAccount(m: EntityManager, accountId: string): Promise<BillingAccountRow> {
    const [acct] = (await m.query(`SELECT * FROM "${S}".billing_accounts WHERE account_id = $1 FOR UPDATE`, [accountId])) as BillingAccountRow[];
    return acct;
  }

  async setBalance(m: EntityManager, accountId: string, balance: number): Promise<void> {
    await m.query(`UPDATE "${S}".billing_accounts SET balance = $2, updated_at = clock_timestamp() WHERE account_id = $1`, [accountId, balance]);
  }

  /** A new subscription (from the free plan): the plan, `balance` and a new monthly period from now. */
  async startPlan(m: EntityManager, accountId: string, planId: string, balance: number): Promise<void> {
    await m.query(
      `UPDATE "${S}".billing_accounts SET plan_id = $2, balance = $3, scheduled_plan_id = NULL, period_start = clock_timestamp(), period_end = clock_timestamp() + interval '1 month', updated_at = clock_timestamp() WHERE account_id = $1`,
      [accountId, planId, balance],
    );
  }

  /** A change within the period (an upgrade): the plan and `balance`; the period stays. Clears a scheduled change. */
  async switchPlan(m: EntityManager, accountId: string, planId: string, balance: number): Promise<void> {
    await m.query(
      `UPDATE "${S}".billing_accounts SET plan_id = $2, balance = $3, scheduled_plan_id = NULL, updated_at = clock_timestamp() WHERE account_id = $1`,
      [accountId, planId, balance],
    );
  }

  /** The plan the period's renewal changes to (null: none scheduled). */
  async schedulePlan(m: EntityManager, accountId: string, planId: string | null): Promise<void> {
    await m.query(`UPDATE "${S}".billing_accounts SET scheduled_plan_id = $2, updated_at = clock_timestamp() WHERE account_id = $1`, [accountId, planId]);
  }

  /** A renewal: the period restarts now with `balance`, on `planId` (a scheduled change applied). */
  async renew(m: EntityManager, accountId: string, planId: string, balance: number): Promise<void> {
    await m.query(
      `UPDATE "${S}".billing_accounts SET plan_id = $2, balance = $3, scheduled_plan_id = NULL, period_start = clock_timestamp(), period_end = clock_timestamp() + interval '1 month', updated_at = clock_timestamp() WHERE account_id = $1`,
      [accountId, planId, balance],
    );
  }

  /** The plan alone (a subscription that ended: back to the free plan, nothing scheduled), and the subscription's status when given. */
  async setPlan(m: EntityManager, accountId: string, planId: string, subscriptionStatus?: string): Promise<void> {
    if (subscriptionStatus === undefined)
      await m.query(`UPDATE "${S}".billing_accounts SET plan_id = $2, scheduled_plan_id = NULL WHERE account_id = $1`, [accountId, planId]);
    else {
      await m.query(
        `UPDATE "${S}".billing_accounts SET plan_id = $2, scheduled_plan_id = NULL, subscription_status = $3, updated_at = clock_timestamp() WHERE account_id = $1`,
        [accountId, planId, subscriptionStatus],
      );
    }
  }

  async setSubscriptionStatus(m: EntityManager, accountId: string, status: string): Promise<void> {
    await m.query(`UPDATE "${S}".billing_accounts SET subscription_status = $2 WHERE account_id = $1`, [accountId, status]);
  }

  /** The subscription's id and status (`touch`: with `updated_at`). */
  async setSubscription(m: EntityManager, accountId: string, subscriptionId: string, status: string, touch: boolean): Promise<void> {
    await m.query(
      `UPDATE "${S}".billing_accounts SET subscription_id = $2, subscription_status = $3${touch ? ', updated_at = clock_timestamp()' : ''} WHERE account_id = $1`,
      [accountId, subscriptionId, status],
    );
  }

  /** Stripe: the gateway's customer of the account (the one it has, else `customerId`), the gateway set to stripe. */
  async claimCustomer(accountId: string, customerId: string): Promise<string | undefined> {
    const [row] = await updated<{ customer_id: string }>(
      this.ds,
      `UPDATE "${S}".billing_accounts SET customer_id = COALESCE(customer_id, $2), gateway = 'stripe', updated_at = clock_timestamp() WHERE account_id = $1 RETURNING customer_id`,
      [accountId, customerId],
    );
    return row?.customer_id;
  }

  async accountOfCustomer(customerId: string): Promise<string | undefined> {
    const [row] = (await this.ds.query(`SELECT account_id FROM "${S}".billing_accounts WHERE customer_id = $1`, [customerId])) as { account_id: string }[];
    return row?.account_id;
  }

  // --- ledger --------------------------------------------------------------------------------------------

  async insertLedger(
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

  // --- reservations --------------------------------------------------------------------------------------

  /** A held reservation (`started`: its work starts now), inside the caller's transaction. */
  async insertReservation(
    m: EntityManager,
    id: string,
    refs: ChargeRefs,
    r: { operation: string; params: Record<string, unknown>; credits: number; started: boolean; ttlSeconds: number },
  ): Promise<ReservationRow> {
    const [row] = (await m.query(
      `INSERT INTO "${S}".billing_reservations (id, account_id, operation, params, credits, state, job_id, design_id, asset_id, credential_id, started_at, expires_at, idempotency_ref)
       VALUES ($1, $2, $3, $4, $5, 'held', $6, $7, $8, $9, CASE WHEN $10 THEN clock_timestamp() END, clock_timestamp() + make_interval(secs => $11), $12) RETURNING *`,
      [
        id,
        refs.accountId,
        r.operation,
        JSON.stringify(r.params),
        r.credits,
        refs.jobId ?? null,
        refs.designId ?? null,
        refs.assetId ?? null,
        refs.credentialId ?? null,
        r.started,
        r.ttlSeconds,
        refs.idempotencyRef ?? null,
      ],
    )) as ReservationRow[];
    return row;
  }

  /**
   * Reserves in one statement: the balance taken down only if it covers `credits` and the period is current (the
   * UPDATE re-checks the row it waited for), with the reservation and its ledger entry. Null when it cannot.
   */
  async reserveAtOnce(
    refs: ChargeRefs,
    r: { operation: string; params: Record<string, unknown>; credits: number; ttlSeconds: number; description: string },
  ): Promise<ReservationRow | null> {
    const id = newId('res');
    const rows = (await this.ds.query(
      `WITH acct AS (
         UPDATE "${S}".billing_accounts SET balance = balance - $5, updated_at = clock_timestamp()
         WHERE account_id = $2 AND balance >= $5 AND period_end > clock_timestamp() RETURNING balance),
       res AS (
         INSERT INTO "${S}".billing_reservations (id, account_id, operation, params, credits, state, job_id, design_id, asset_id, credential_id, started_at, expires_at, idempotency_ref)
         SELECT $1, $2, $3, $4, $5, 'held', $6, $7, $8, $9, clock_timestamp(), clock_timestamp() + make_interval(secs => $10), $13 FROM acct RETURNING *),
       led AS (
         INSERT INTO "${S}".billing_ledger (id, account_id, type, amount, balance_after, reservation_id, operation, description)
         SELECT $11, $2, 'reserve', -$5, acct.balance, $1, $3, $12 FROM acct)
       SELECT * FROM res`,
      [
        id,
        refs.accountId,
        r.operation,
        JSON.stringify(r.params),
        r.credits,
        refs.jobId ?? null,
        refs.designId ?? null,
        refs.assetId ?? null,
        refs.credentialId ?? null,
        r.ttlSeconds,
        newId('led'),
        r.description,
        refs.idempotencyRef ?? null,
      ],
    )) as ReservationRow[];
    return rows[0] ?? null;
  }

  /** The usage event of a free operation: one INSERT, no reservation. */
  async insertFreeUsage(refs: ChargeRefs, operation: string, outcome: UsageOutcome, units: number, unit: string, durationMs: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO "${S}".usage_events (id, account_id, operation, outcome, units, unit, credits, design_id, job_id, asset_id, credential_id, reservation_id, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, NULL, $11)`,
      [
        newId('use'),
        refs.accountId,
        operation,
        outcome,
        units,
        unit,
        refs.designId ?? null,
        refs.jobId ?? null,
        refs.assetId ?? null,
        refs.credentialId ?? null,
        durationMs,
      ],
    );
  }

  /**
   * Settles a held reservation in one statement: the account row locked first (as `lockAccount` in a transaction, so
   * the two cannot deadlock), the reservation settled if still held, the balance given back on release, the ledger
   * entry with the balance after it, and the usage event. False when the reservation was not held.
   */
  async settleAtOnce(
    reservation: Pick<ReservationRow, 'id' | 'account_id'>,
    s: { capture: boolean; reason: string | null; outcome: UsageOutcome; units: number; unit: string; durationMs: number | null },
  ): Promise<boolean> {
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
      [
        reservation.id,
        reservation.account_id,
        s.capture ? 'captured' : 'released',
        s.reason,
        s.capture,
        newId('led'),
        newId('use'),
        s.outcome,
        s.units,
        s.unit,
        s.durationMs,
      ],
    );
    return rows.length > 0;
  }

  async reservationById(id: string): Promise<ReservationRow | undefined> {
    return ((await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE id = $1`, [id])) as ReservationRow[])[0];
  }

  async reservationOf(accountId: string, id: string): Promise<ReservationRow | undefined> {
    return ((await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE id = $1 AND account_id = $2`, [id, accountId])) as ReservationRow[])[0];
  }

  async markStarted(reservationId: string): Promise<void> {
    await this.ds.query(`UPDATE "${S}".billing_reservations SET started_at = COALESCE(started_at, clock_timestamp()) WHERE id = $1`, [reservationId]);
  }

  /** The held reservation of a job (its latest), if any. */
  async heldOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return (
      (await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE job_id = $1 AND state = 'held' ORDER BY created_at DESC LIMIT 1`, [
        jobId,
      ])) as ReservationRow[]
    )[0];
  }

  async lastOfJob(jobId: string): Promise<ReservationRow | undefined> {
    return (
      (await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE job_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [
        jobId,
      ])) as ReservationRow[]
    )[0];
  }

  /** Held reservations past `expires_at` (at most `limit`). */
  async expiredHeld(limit: number): Promise<{ id: string; job_id: string | null }[]> {
    return (await this.ds.query(`SELECT id, job_id FROM "${S}".billing_reservations WHERE state = 'held' AND expires_at < now() LIMIT $1`, [limit])) as {
      id: string;
      job_id: string | null;
    }[];
  }

  /** Pushes a held reservation's expiry `ttlSeconds` ahead; false when it is no longer held. */
  async extendHold(id: string, ttlSeconds: number): Promise<boolean> {
    const rows = (await this.ds.query(
      `UPDATE "${S}".billing_reservations SET expires_at = clock_timestamp() + make_interval(secs => $2) WHERE id = $1 AND state = 'held' RETURNING id`,
      [id, ttlSeconds],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  /** The account's reservation (held or captured) charging the request of an Idempotency-Key's claim, if any. */
  async reservationUnder(accountId: string, idempotencyRef: string): Promise<ReservationRow | undefined> {
    const [row] = (await this.ds.query(`SELECT * FROM "${S}".billing_reservations WHERE account_id = $1 AND idempotency_ref = $2 AND state <> 'released'`, [
      accountId,
      idempotencyRef,
    ])) as ReservationRow[];
    return row;
  }

  /** Credits held by the account's reservations. */
  async creditsHeld(accountId: string): Promise<number> {
    const [row] = (await this.ds.query(`SELECT sum(credits)::bigint AS held FROM "${S}".billing_reservations WHERE account_id = $1 AND state = 'held'`, [
      accountId,
    ])) as { held: string | null }[];
    return Number(row.held ?? 0);
  }

  // --- pages ---------------------------------------------------------------------------------------------

  private async page<T extends { id: string; created_at: Date }>(
    table: string,
    accountId: string,
    limit: number,
    cursor?: string,
    extra: { where: string; params: unknown[] } = { where: '', params: [] },
  ): Promise<Page<T>> {
    const params: unknown[] = [accountId, limit + 1, ...extra.params];
    let where = `account_id = $1 ${extra.where}`;
    if (cursor) {
      const c = decodeCursor(cursor);
      params.push(c.createdAt, c.id);
      where += ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    const rows = (await this.ds.query(`SELECT * FROM "${S}".${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`, params)) as T[];
    const data = rows.slice(0, limit);
    return { data, nextCursor: rows.length > limit ? encodeCursor({ createdAt: data[data.length - 1].created_at, id: data[data.length - 1].id }) : null };
  }

  ledgerPage(accountId: string, limit: number, cursor?: string): Promise<Page<LedgerRow>> {
    return this.page<LedgerRow>('billing_ledger', accountId, limit, cursor);
  }

  reservationsPage(accountId: string, limit: number, cursor?: string, state?: ReservationState): Promise<Page<ReservationRow>> {
    return this.page<ReservationRow>('billing_reservations', accountId, limit, cursor, state ? { where: 'AND state = $3', params: [state] } : undefined);
  }

  usageEventsPage(accountId: string, limit: number, cursor?: string, operation?: string): Promise<Page<UsageEventRow>> {
    return this.page<UsageEventRow>('usage_events', accountId, limit, cursor, operation ? { where: 'AND operation = $3', params: [operation] } : undefined);
  }

  // --- usage events --------------------------------------------------------------------------------------

  /** The last `days` days (today included, UTC), by day and operation. */
  async usageByDay(
    accountId: string,
    days: number,
  ): Promise<{ day: string; operation: string; events: number; units: number; credits: string; failed: number }[]> {
    return (await this.ds.query(
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, operation, count(*)::int AS events,
              sum(units)::float8 AS units, sum(credits)::bigint AS credits, count(*) FILTER (WHERE outcome <> 'succeeded')::int AS failed
       FROM "${S}".usage_events
       WHERE account_id = $1 AND created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $2 - 1)) AT TIME ZONE 'UTC'
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [accountId, days],
    )) as { day: string; operation: string; events: number; units: number; credits: string; failed: number }[];
  }

  /** Succeeded renders: how many, and their median and 95th percentile durations. */
  async renderDurations(accountId: string): Promise<{ count: number; p50: number | null; p95: number | null }> {
    const [row] = (await this.ds.query(
      `SELECT count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms)::float8 AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms)::float8 AS p95
       FROM "${S}".usage_events WHERE account_id = $1 AND operation IN ('render', 'procedural_render') AND outcome = 'succeeded'`,
      [accountId],
    )) as { count: number; p50: number | null; p95: number | null }[];
    return row;
  }

  async creditsUsed(accountId: string): Promise<number> {
    const [row] = (await this.ds.query(`SELECT sum(credits)::bigint AS used FROM "${S}".usage_events WHERE account_id = $1`, [accountId])) as {
      used: string | null;
    }[];
    return Number(row.used ?? 0);
  }
}
