import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { keysetPage } from '@platform/database';
import { ValidationError } from '@platform/errors';
import { refuseOutboundUrl, SecretsBox, sendSignedWebhook } from '@platform/outbound';
import { JobQueue } from '@platform/queue';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobNames, Queues, WebhookJob } from '../common/queues';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { DeliveryAttempt, DeliveryState, WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** What one delivery attempt ended with. */
export type AttemptOutcome = 'succeeded' | 'retry' | 'failed';

const secretAad = (accountId: string) => `webhook:${accountId}`;

@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly box: SecretsBox,
    private readonly queue: JobQueue,
  ) {}

  getEndpoint(accountId: string): Promise<WebhookEndpoint | null> {
    return this.ds.getRepository(WebhookEndpoint).findOneBy({ accountId });
  }

  /** Sets the URL (and whether it is enabled); makes a secret on creation or when asked to rotate. Returns the new secret, if any. */
  async configure(
    accountId: string,
    input: { url: string; enabled?: boolean; rotateSecret?: boolean },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string | null }> {
    const refused = await refuseOutboundUrl(input.url, { allowPrivate: this.config.webhooks.allowPrivate });
    if (refused) throw new ValidationError([{ loc: ['url'], msg: refused, type: 'url_not_allowed' }]);
    let secret: string | null = null;
    const { endpoint, released } = await this.ds.transaction(async (tx) => {
      const repo = tx.getRepository(WebhookEndpoint);
      // Locked: a delivery attempt that finds the webhook paused holds its event under this lock (see hold()).
      const existing = await repo.createQueryBuilder('e').setLock('pessimistic_write').where('e.account_id = :accountId', { accountId }).getOne();
      if (!existing || input.rotateSecret) secret = `whsec_${randomBytes(24).toString('base64')}`;
      const endpoint = existing ?? repo.create({ accountId });
      endpoint.url = input.url;
      endpoint.enabled = input.enabled ?? existing?.enabled ?? true;
      if (secret) endpoint.secret = this.box.seal(secret, secretAad(accountId));
      const saved = await repo.save(endpoint);
      // Enabled (again): what was held while it was paused goes out now, oldest first, to the current URL.
      const released: { id: string }[] = saved.enabled
        ? await tx.query(
            `WITH held AS (
               SELECT id, created_at FROM ${table('webhook_deliveries')} WHERE account_id = $1 AND status = 'held' FOR UPDATE
             ), upd AS (
               UPDATE ${table('webhook_deliveries')} d SET status = 'pending', url = $2, updated_at = now() FROM held WHERE d.id = held.id
             )
             SELECT id FROM held ORDER BY created_at, id`,
            [accountId, saved.url],
          )
        : [];
      return { endpoint: saved, released };
    });
    for (const d of released) {
      await this.enqueueReleased({ id: d.id, accountId }).catch((e) =>
        this.logger.error(`Could not enqueue held webhook delivery ${d.id}: ${(e as Error).message}`),
      );
    }
    if (released.length) this.logger.log(`Webhook of ${accountId} enabled: ${released.length} held deliveries queued`);
    return { endpoint, secret };
  }

  /** Removes the webhook; what was held for it will never be sent (failed, with the reason). */
  async remove(accountId: string): Promise<boolean> {
    return this.ds.transaction(async (tx) => {
      const res = await tx.getRepository(WebhookEndpoint).delete({ accountId });
      if (!res.affected) return false;
      await tx.query(
        `UPDATE ${table('webhook_deliveries')} SET status = 'failed', last_error = 'The webhook was removed while paused', updated_at = now()
          WHERE account_id = $1 AND status = 'held'`,
        [accountId],
      );
      return true;
    });
  }

  /**
   * Marks a pending delivery `held` when the account's webhook is paused. The endpoint row is read
   * FOR SHARE: when `configure` is enabling it at this moment, this waits for its commit and then
   * sees it enabled (nothing held), so no event is left held behind an enabled webhook.
   */
  private async hold(accountId: string, deliveryId: string): Promise<boolean> {
    const res = await this.ds
      .getRepository(WebhookDelivery)
      .createQueryBuilder()
      .update()
      .set({ status: 'held' })
      .where('id = :deliveryId AND account_id = :accountId AND status = :pending', { deliveryId, accountId, pending: 'pending' })
      .andWhere(`EXISTS (SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId AND NOT e.enabled FOR SHARE)`)
      .execute();
    return !!res.affected;
  }

  /** Queues a recorded delivery (MessagesService records `message.received` with the message). */
  async enqueue(delivery: Pick<WebhookDelivery, 'id' | 'accountId'>, jobId = delivery.id): Promise<void> {
    const job: WebhookJob = { accountId: delivery.accountId, deliveryId: delivery.id };
    await this.queue.add(Queues.Webhooks, JobNames.Deliver, job, {
      attempts: this.config.webhooks.maxAttempts,
      backoffMs: this.config.webhooks.backoffMs,
      jobId,
    });
  }

  /**
   * Queues a delivery released from `held`. Under a job id of its own: the job that found the webhook
   * paused completed, and the queue keeps completed jobs for a day, ignoring a new one with their id.
   */
  private enqueueReleased(delivery: Pick<WebhookDelivery, 'id' | 'accountId'>): Promise<void> {
    return this.enqueue(delivery, `${delivery.id}-released-${Date.now().toString(36)}`);
  }

  /**
   * The recovery sweep's path for a delivery still `held` behind an enabled webhook (an event stored
   * while `configure` was enabling it, after its release ran): pending again, to the current URL, and queued.
   */
  async release(delivery: Pick<WebhookDelivery, 'id' | 'accountId'>): Promise<void> {
    const res = await this.ds
      .getRepository(WebhookDelivery)
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', url: () => `(SELECT e.url FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId)` })
      .where('id = :id AND account_id = :accountId AND status = :held', { id: delivery.id, accountId: delivery.accountId, held: 'held' })
      .andWhere(`EXISTS (SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId AND e.enabled)`)
      .execute();
    if (res.affected) await this.enqueueReleased(delivery);
  }

  /** One attempt: POSTs the event signed per Standard Webhooks and records the outcome. */
  async attempt(accountId: string, deliveryId: string, lastTry: boolean): Promise<AttemptOutcome> {
    const repo = this.ds.getRepository(WebhookDelivery);
    const delivery = await repo.findOneBy({ id: deliveryId, accountId });
    if (!delivery || delivery.status !== 'pending') return 'succeeded';
    let endpoint = await this.getEndpoint(accountId);
    if (endpoint && !endpoint.enabled) {
      // Paused: the event waits (held) and goes out when the webhook is enabled again; no attempt is counted.
      if (await this.hold(accountId, deliveryId)) return 'succeeded';
      endpoint = await this.getEndpoint(accountId);
    }
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let outcome: AttemptOutcome;
    if (!endpoint || !endpoint.enabled) {
      error = 'The webhook was removed';
      outcome = 'failed';
    } else {
      const secret = endpoint.secret;
      const sent = await sendSignedWebhook(
        endpoint.url,
        { id: delivery.id, payload: delivery.payload, secrets: () => [this.box.open(secret, secretAad(accountId))], userAgent: 'messaging-webhooks/1.0' },
        { timeoutMs: this.config.webhooks.timeoutMs, allowPrivate: this.config.webhooks.allowPrivate },
      );
      ({ statusCode, error } = sent);
      outcome = sent.outcome === 'delivered' ? 'succeeded' : sent.outcome === 'refused' ? 'failed' : 'retry';
    }
    if (outcome === 'retry' && lastTry) outcome = 'failed';
    const entry: DeliveryAttempt = {
      attempt: delivery.attempts + 1,
      at: new Date(started).toISOString(),
      status_code: statusCode,
      error,
      duration_ms: Date.now() - started,
    };
    const state: DeliveryState = outcome === 'retry' ? 'pending' : outcome;
    await repo
      .createQueryBuilder()
      .update()
      .set({
        attempts: () => 'attempts + 1',
        attemptLog: () => `attempt_log || :entry::jsonb`,
        status: state,
        lastStatusCode: statusCode,
        lastError: error,
        deliveredAt: outcome === 'succeeded' ? new Date() : null,
      })
      .where('id = :id AND account_id = :accountId', { id: deliveryId, accountId })
      .setParameter('entry', JSON.stringify([entry]))
      .execute();
    if (outcome !== 'succeeded') this.logger.warn(`Webhook delivery ${deliveryId} attempt ${entry.attempt}: ${error} (${state})`);
    return outcome;
  }

  async markFailed(accountId: string, deliveryId: string, reason: string): Promise<void> {
    await this.ds.getRepository(WebhookDelivery).update({ id: deliveryId, accountId, status: 'pending' }, { status: 'failed', lastError: reason });
  }

  async listDeliveries(
    accountId: string,
    input: { limit?: number; cursor?: string; status?: DeliveryState; conversationId?: string },
  ): Promise<{ data: WebhookDelivery[]; total: number; nextCursor: string | null }> {
    const limit = input.limit ?? 50;
    const repo = this.ds.getRepository(WebhookDelivery);
    const filtered = () => {
      const qb = repo.createQueryBuilder('d').where('d.account_id = :accountId', { accountId });
      if (input.status) qb.andWhere('d.status = :status', { status: input.status });
      if (input.conversationId) qb.andWhere('d.conversation_id = :cid', { cid: input.conversationId });
      return qb;
    };
    const [page, total] = await Promise.all([keysetPage(filtered(), 'd', { cursor: input.cursor, limit, order: 'DESC' }), filtered().getCount()]);
    return { ...page, total };
  }
}
