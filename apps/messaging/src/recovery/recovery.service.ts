import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { MessagesService } from '../messages/messages.service';
import { WebhooksService } from '../webhooks/webhooks.service';

const M = table('messages');
const PENDING_REPLY = `reply_status = 'pending' AND NOT (batch_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM ${M} later WHERE later.batch_id = ${M}.batch_id AND later.conversation_id = ${M}.conversation_id
     AND (later.created_at, later.id) > (${M}.created_at, ${M}.id)))`;

const D = table('webhook_deliveries');
const HELD_BEHIND_ENABLED = `status = 'held' AND EXISTS (
  SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = ${D}.account_id AND e.enabled)`;

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
      { name: 'replies', table: table('messages'), pending: PENDING_REPLY, enqueue: (m) => messages.enqueueReply(m) },
      { name: 'sends', table: table('messages'), pending: `delivery_status = 'pending'`, enqueue: (m) => messages.enqueueChannelSend(m) },
      { name: 'deliveries', table: table('webhook_deliveries'), pending: `status = 'pending'`, enqueue: (d) => webhooks.enqueue(d) },
      // Held while the webhook was paused, and left held by a race with its re-enabling: released now.
      { name: 'held', table: table('webhook_deliveries'), pending: HELD_BEHIND_ENABLED, enqueue: (d) => webhooks.release(d) },
    ]);
  }
}
