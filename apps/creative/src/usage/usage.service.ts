import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeCursor, encodeCursor } from '@platform/database';
import { DataSource } from 'typeorm';
import { BillingService } from '../billing/billing.service';

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

/** Usage events (one per settled billable operation), their summary by day and operation, and the account's metrics. */
@Injectable()
export class UsageService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly billing: BillingService,
  ) {}

  async events(accountId: string, limit: number, cursor?: string, operation?: string): Promise<{ data: UsageEventRow[]; nextCursor: string | null }> {
    const params: unknown[] = [accountId, limit + 1];
    let where = 'account_id = $1';
    if (operation) {
      params.push(operation);
      where += ` AND operation = $${params.length}`;
    }
    if (cursor) {
      const c = decodeCursor(cursor);
      params.push(c.createdAt, c.id);
      where += ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    const rows = (await this.ds.query(`SELECT * FROM creative.usage_events WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`, params)) as UsageEventRow[];
    const data = rows.slice(0, limit);
    return { data, nextCursor: rows.length > limit ? encodeCursor({ createdAt: data[data.length - 1].created_at, id: data[data.length - 1].id }) : null };
  }

  /** The last `days` days (today included, UTC), by day and by operation, with totals. */
  async summary(accountId: string, days: number) {
    const rows = (await this.ds.query(
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, operation, count(*)::int AS events,
              sum(units)::float8 AS units, sum(credits)::bigint AS credits, count(*) FILTER (WHERE outcome <> 'succeeded')::int AS failed
       FROM creative.usage_events
       WHERE account_id = $1 AND created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $2 - 1)) AT TIME ZONE 'UTC'
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [accountId, days],
    )) as { day: string; operation: string; events: number; units: number; credits: string; failed: number }[];
    const byDay = new Map<string, { date: string; events: number; credits: number; operations: Record<string, { events: number; units: number; credits: number; failed: number }> }>();
    const byOp = new Map<string, { operation: string; events: number; units: number; credits: number; failed: number }>();
    for (const r of rows) {
      const credits = Number(r.credits);
      const d = byDay.get(r.day) ?? { date: r.day, events: 0, credits: 0, operations: {} };
      d.events += r.events;
      d.credits += credits;
      d.operations[r.operation] = { events: r.events, units: r.units, credits, failed: r.failed };
      byDay.set(r.day, d);
      const o = byOp.get(r.operation) ?? { operation: r.operation, events: 0, units: 0, credits: 0, failed: 0 };
      o.events += r.events;
      o.units += r.units;
      o.credits += credits;
      o.failed += r.failed;
      byOp.set(r.operation, o);
    }
    const ops = [...byOp.values()];
    return {
      days,
      since: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - (days - 1))).toISOString().slice(0, 10),
      by_day: [...byDay.values()],
      by_operation: ops,
      totals: { events: ops.reduce((a, o) => a + o.events, 0), credits: ops.reduce((a, o) => a + o.credits, 0), failed: ops.reduce((a, o) => a + o.failed, 0) },
    };
  }

  /** GET /v1/metrics: the account's own figures. */
  async metrics(accountId: string) {
    const q = <T>(sql: string) => this.ds.query(sql, [accountId]) as Promise<T[]>;
    const [renders, jobs, video, assets, artifacts, credits, acct] = await Promise.all([
      q<{ count: number; p50: number | null; p95: number | null }>(
        `SELECT count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms)::float8 AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms)::float8 AS p95
         FROM creative.usage_events WHERE account_id = $1 AND operation IN ('render', 'procedural_render') AND outcome = 'succeeded'`,
      ),
      q<{ state: string; count: number }>(`SELECT state, count(*)::int AS count FROM creative.jobs WHERE account_id = $1 GROUP BY state`),
      q<{ seconds: number | null }>(
        `SELECT sum(CASE WHEN operation = 'video' THEN (params->>'seconds')::float8 ELSE COALESCE((params->'video'->>'seconds')::float8, 0) END)::float8 AS seconds
         FROM creative.billing_reservations WHERE account_id = $1 AND state = 'captured' AND operation IN ('video', 'campaign')`,
      ),
      q<{ bytes: string | null; count: number }>(`SELECT sum(bytes)::bigint AS bytes, count(*)::int AS count FROM creative.assets WHERE account_id = $1`),
      q<{ bytes: string | null; count: number }>(`SELECT sum(bytes)::bigint AS bytes, count(*)::int AS count FROM creative.artifacts WHERE account_id = $1`),
      q<{ used: string | null }>(`SELECT sum(credits)::bigint AS used FROM creative.usage_events WHERE account_id = $1`),
      this.billing.account(accountId),
    ]);
    const held = (await q<{ held: string | null }>(`SELECT sum(credits)::bigint AS held FROM creative.billing_reservations WHERE account_id = $1 AND state = 'held'`))[0];
    const states = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
    return {
      renders: { count: renders[0].count, p50_ms: renders[0].p50, p95_ms: renders[0].p95 },
      jobs: Object.fromEntries(states.map((s) => [s, jobs.find((j) => j.state === s)?.count ?? 0])) as Record<string, number>,
      video_seconds: +(video[0].seconds ?? 0).toFixed(3),
      storage: {
        assets_bytes: Number(assets[0].bytes ?? 0),
        assets: assets[0].count,
        artifacts_bytes: Number(artifacts[0].bytes ?? 0),
        artifacts: artifacts[0].count,
        total_bytes: Number(assets[0].bytes ?? 0) + Number(artifacts[0].bytes ?? 0),
      },
      credits: { used: Number(credits[0].used ?? 0), left: Number(acct.balance), held: Number(held.held ?? 0), plan_id: acct.plan_id },
    };
  }
}
