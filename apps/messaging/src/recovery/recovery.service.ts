import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue } from '@platform/queue';
import { DataSource } from 'typeorm';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { MessagesService } from '../messages/messages.service';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhooksService } from '../webhooks/webhooks.service';

const BATCH = 1000;

/**
 * The state of every reply, platform send and webhook delivery lives in Postgres; the queue only
 * carries the work. The inline queue loses its waiting retries when the process stops, so at
 * start whatever Postgres still shows as pending is queued again. With BullMQ the jobs survive
 * in Redis and are not requeued (a job id that already ran would be ignored by BullMQ anyway).
 */
@Injectable()
export class RecoveryService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Recovery');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly messages: MessagesService,
    private readonly webhooks: WebhooksService,
    private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api' || this.queue.mode !== 'inline') return;
    void this.recover().catch((e) => this.logger.error(`Could not requeue pending work: ${(e as Error).message}`));
  }

  async recover(): Promise<{ replies: number; sends: number; deliveries: number }> {
    const replies = (await this.ds.query(
      `SELECT id, account_id FROM ${table('messages')} WHERE reply_status = 'pending' ORDER BY created_at LIMIT ${BATCH}`,
    )) as { id: string; account_id: string }[];
    for (const m of replies) await this.messages.enqueueReply({ id: m.id, accountId: m.account_id });
    const sends = (await this.ds.query(
      `SELECT id, account_id FROM ${table('messages')} WHERE delivery_status = 'pending' ORDER BY created_at LIMIT ${BATCH}`,
    )) as { id: string; account_id: string }[];
    for (const m of sends) await this.messages.enqueueChannelSend({ id: m.id, accountId: m.account_id });
    const deliveries = await this.ds.getRepository(WebhookDelivery).find({ where: { status: 'pending' }, order: { createdAt: 'ASC' }, take: BATCH });
    for (const d of deliveries) await this.webhooks.enqueue(d);
    const counts = { replies: replies.length, sends: sends.length, deliveries: deliveries.length };
    if (counts.replies + counts.sends + counts.deliveries > 0) this.logger.log(`Requeued pending work: ${JSON.stringify(counts)}`);
    return counts;
  }
}
