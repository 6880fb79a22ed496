import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { BaseConfig } from '@platform/config';
import type { DataSource } from 'typeorm';
import type { JobQueue } from './queue.module';

/** One kind of work whose state lives in Postgres while the queue carries it. */
export interface PendingSource {
  /** A name for logs and counts, e.g. `replies`. */
  name: string;
  /** The table, quoted for SQL (with `id`, `account_id` and `created_at` columns). */
  table: string;
  /** SQL predicate for "still pending", e.g. `status = 'pending'`. Index it with `(created_at, id)`. */
  pending: string;
  /** Queues one item under its usual job id (so a job BullMQ still holds is not added twice). */
  enqueue(item: { id: string; accountId: string }): Promise<unknown>;
}

const BATCH = 1000;
/** At most this many items of each kind per sweep; the next sweep goes on. */
const MAX_PER_SWEEP = 20_000;

/**
 * Queues again the work Postgres shows as pending with no job:
 *
 * - inline queue: waiting retries are lost when the process stops, so at start everything
 *   pending is queued again;
 * - BullMQ: jobs survive in Redis, but a job whose enqueue failed (Redis unreachable right after
 *   the commit) never existed. Workers sweep every `RECOVERY_INTERVAL_MS` for work pending longer
 *   than `RECOVERY_GRACE_MS` and add it under its usual job id: BullMQ ignores an id it still
 *   holds (waiting, delayed, active, or kept after the end). Processors must act only on work
 *   still pending, so a sweep never runs work twice. Replicas may sweep together.
 *
 * Nothing runs in the `api` role. A service extends it with its sources, as a Nest provider: the
 * sweeps start when the application has started and stop with it.
 */
export class PendingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly ds: DataSource,
    private readonly queue: JobQueue,
    private readonly config: Pick<BaseConfig, 'role' | 'recovery'>,
    private readonly sources: PendingSource[],
    context = 'Recovery',
  ) {
    this.logger = new Logger(context);
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    const inline = this.queue.mode === 'inline';
    void this.sweepSafely(inline ? 0 : this.config.recovery.graceMs);
    if (!inline && this.config.recovery.intervalMs > 0) {
      this.timer = setInterval(() => void this.sweepSafely(this.config.recovery.graceMs), this.config.recovery.intervalMs);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweepSafely(olderThanMs: number): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.recover({ olderThanMs });
    } catch (e) {
      this.logger.error(`Could not requeue pending work: ${(e as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  /** Queues again the work pending for longer than `olderThanMs` (default: all of it); counts per source. */
  async recover(opts: { olderThanMs?: number } = {}): Promise<Record<string, number>> {
    const counts: Record<string, number> = Object.fromEntries(this.sources.map((s) => [s.name, 0]));
    for (const source of this.sources) {
      let after: { created_at: Date; id: string } | null = null;
      while (counts[source.name] < MAX_PER_SWEEP) {
        const rows = (await this.ds.query(
          `SELECT id, account_id, created_at FROM ${source.table}
            WHERE ${source.pending} AND created_at <= now() - make_interval(secs => $1::double precision / 1000)
              AND ($2::timestamptz IS NULL OR (created_at, id) > ($2, $3))
            ORDER BY created_at, id LIMIT ${BATCH}`,
          [opts.olderThanMs ?? 0, after?.created_at ?? null, after?.id ?? null],
        )) as { id: string; account_id: string; created_at: Date }[];
        for (const r of rows) await source.enqueue({ id: r.id, accountId: r.account_id });
        counts[source.name] += rows.length;
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1];
      }
    }
    if (Object.values(counts).some((n) => n > 0)) this.logger.log(`Requeued pending work: ${JSON.stringify(counts)}`);
    return counts;
  }
}
