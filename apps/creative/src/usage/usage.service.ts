import { Injectable } from '@nestjs/common';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { AssetsService } from '../assets/assets.service';
import { BillingRepository, type Page, type UsageEventRow } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import { JobsService } from '../jobs/jobs.service';

export type { UsageEventRow } from '../billing/billing.repository';

/**
 * Usage events (one per settled billable operation, recorded by billing), their summary by day and operation, and the
 * account's metrics: each figure from the feature that owns it (billing's repository, jobs, assets, artifacts).
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly usage: BillingRepository,
    private readonly billing: BillingService,
    private readonly jobs: JobsService,
    private readonly assets: AssetsService,
    private readonly artifacts: ArtifactsService,
  ) {}

  events(accountId: string, limit: number, cursor?: string, operation?: string): Promise<Page<UsageEventRow>> {
    return this.usage.usageEventsPage(accountId, limit, cursor, operation);
  }

  /** The last `days` days (today included, UTC), by day and by operation, with totals. */
  async summary(accountId: string, days: number) {
    const rows = await this.usage.usageByDay(accountId, days);
    const byDay = new Map<
      string,
      { date: string; events: number; credits: number; operations: Record<string, { events: number; units: number; credits: number; failed: number }> }
    >();
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
    const [renders, jobs, videoSeconds, assets, artifacts, used, acct] = await Promise.all([
      this.usage.renderDurations(accountId),
      this.jobs.countByState(accountId),
      this.jobs.videoSecondsMade(accountId),
      this.assets.storageOf(accountId),
      this.artifacts.storageOf(accountId),
      this.usage.creditsUsed(accountId),
      this.billing.account(accountId),
    ]);
    const held = await this.usage.creditsHeld(accountId);
    const states = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
    return {
      renders: { count: renders.count, p50_ms: renders.p50, p95_ms: renders.p95 },
      jobs: Object.fromEntries(states.map((s) => [s, jobs.find((j) => j.state === s)?.count ?? 0])) as Record<string, number>,
      video_seconds: +videoSeconds.toFixed(3),
      storage: {
        assets_bytes: assets.bytes,
        assets: assets.count,
        artifacts_bytes: artifacts.bytes,
        artifacts: artifacts.count,
        total_bytes: assets.bytes + artifacts.bytes,
      },
      credits: { used, left: Number(acct.balance), held, plan_id: acct.plan_id },
    };
  }
}
