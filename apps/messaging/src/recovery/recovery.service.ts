import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config';
import { messageSweeps } from '../messages/messages.repository';
import { MessagesService } from '../messages/messages.service';
import { webhookSweeps } from '../webhooks/webhooks.repository';
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
      // The earlier messages of a batch are answered by the reply to its last (see MessagesService.retryReply).
      { name: 'replies', table: messageSweeps.table, pending: messageSweeps.pendingReply, enqueue: (m) => messages.enqueueReply(m) },
      { name: 'sends', table: messageSweeps.table, pending: messageSweeps.pendingSend, enqueue: (m) => messages.enqueueChannelSend(m) },
      { name: 'deliveries', table: webhookSweeps.table, pending: webhookSweeps.pending, enqueue: (d) => webhooks.enqueue(d) },
      // Held while the webhook was paused, and left held by a race with its re-enabling: released now.
      { name: 'held', table: webhookSweeps.table, pending: webhookSweeps.heldBehindEnabled, enqueue: (d) => webhooks.release(d) },
    ]);
  }
}
