import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue } from '@platform/queue';
import { DataSource } from 'typeorm';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { MessagesService } from '../messages/messages.service';
import { WebhooksService } from '../webhooks/webhooks.service';

const BATCH = 1000;
/** At most this many items of each kind per sweep; the next sweep goes on. */
const MAX_PER_SWEEP = 20_000;

type Kind = 'replies' | 'sends' | 'deliveries';
const SOURCES: Record<Kind, { from: string; pending: string }> = {
  replies: { from: table('messages'), pending: `reply_status = 'pending'` },
  sends: { from: table('messages'), pending: `delivery_status = 'pending'` },
  deliveries: { from: table('webhook_deliveries'), pending: `status = 'pending'` },
};

/**
 * The state of every reply, platform send and webhook delivery lives in Postgres; the queue only
 * carries the work. Whatever Postgres shows as pending without a job is queued again:
 *
 * - inline queue: waiting retries are lost when the process stops, so at start everything
 *   pending is queued again;
 * - BullMQ: jobs survive in Redis, but a job whose enqueue failed (Redis unreachable right after
 *   the commit) never existed. Workers sweep every RECOVERY_INTERVAL_MS for work pending longer
 *   than RECOVERY_GRACE_MS and add it under its usual job id: BullMQ ignores an id it still holds
 *   (waiting, delayed, active or kept after the end), and every processor is idempotent (it acts
 *   only on work still pending), so a sweep never runs work twice. Replicas may sweep together.
 */
@Injectable()
export class RecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Recovery');
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessagesService,
    private readonly webhooks: WebhooksService,
    private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    const inline = this.queue.mode === 'inline';
    void this.sweep(inline ? 0 : this.config.recovery.graceMs);
    if (!inline && this.config.recovery.intervalMs > 0) {
      this.timer = setInterval(() => void this.sweep(this.config.recovery.graceMs), this.config.recovery.intervalMs);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async sweep(olderThanMs: number): Promise<void> {
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

  /** Queues again the work pending for longer than `olderThanMs` (default: all of it). */
  async recover(opts: { olderThanMs?: number } = {}): Promise<Record<Kind, number>> {
    const counts: Record<Kind, number> = { replies: 0, sends: 0, deliveries: 0 };
    for (const kind of Object.keys(SOURCES) as Kind[]) {
      const { from, pending } = SOURCES[kind];
      let after: { created_at: Date; id: string } | null = null;
      while (counts[kind] < MAX_PER_SWEEP) {
        const rows = (await this.ds.query(
          `SELECT id, account_id, created_at FROM ${from}
            WHERE ${pending} AND created_at <= now() - make_interval(secs => $1::double precision / 1000)
              AND ($2::timestamptz IS NULL OR (created_at, id) > ($2, $3))
            ORDER BY created_at, id LIMIT ${BATCH}`,
          [opts.olderThanMs ?? 0, after?.created_at ?? null, after?.id ?? null],
        )) as { id: string; account_id: string; created_at: Date }[];
        for (const r of rows) {
          const item = { id: r.id, accountId: r.account_id };
          if (kind === 'replies') await this.messages.enqueueReply(item);
          else if (kind === 'sends') await this.messages.enqueueChannelSend(item);
          else await this.webhooks.enqueue(item);
        }
        counts[kind] += rows.length;
        if (rows.length < BATCH) break;
        after = rows[rows.length - 1];
      }
    }
    if (counts.replies + counts.sends + counts.deliveries > 0) this.logger.log(`Requeued pending work: ${JSON.stringify(counts)}`);
    return counts;
  }
}
