import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { MessagesService } from '../messages/messages.service';
import { WebhooksService } from '../webhooks/webhooks.service';

/**
 * Replies, platform sends and webhook deliveries keep their state in Postgres; the queue only
 * carries the work. Whatever is pending with no job (lost with an inline queue's process, or an
 * enqueue that failed under BullMQ) is queued again: see PendingSweeper. Every processor acts only
 * on work still pending.
 */
@Injectable()
export class RecoveryService extends PendingSweeper {
  constructor(
    @InjectDataSource() ds: DataSource,
    @Inject(APP_CONFIG) config: MessagingConfig,
    messages: MessagesService,
    webhooks: WebhooksService,
    queue: JobQueue,
  ) {
    super(ds, queue, config, [
      { name: 'replies', table: table('messages'), pending: `reply_status = 'pending'`, enqueue: (m) => messages.enqueueReply(m) },
      { name: 'sends', table: table('messages'), pending: `delivery_status = 'pending'`, enqueue: (m) => messages.enqueueChannelSend(m) },
      { name: 'deliveries', table: table('webhook_deliveries'), pending: `status = 'pending'`, enqueue: (d) => webhooks.enqueue(d) },
    ]);
  }
}
