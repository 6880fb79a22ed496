import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { keysetPage } from '@platform/database';
import { ValidationError } from '@platform/errors';
import { post, refuseOutboundUrl, SecretsBox } from '@platform/outbound';
import { JobQueue } from '@platform/queue';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { JobNames, Queues, WebhookJob } from '../common/queues';
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
    if (refused) throw new ValidationError([{ loc: ['body', 'url'], msg: refused, type: 'url_not_allowed' }]);
    const repo = this.ds.getRepository(WebhookEndpoint);
    const existing = await repo.findOneBy({ accountId });
    let secret: string | null = null;
    if (!existing || input.rotateSecret) secret = `whsec_${randomBytes(24).toString('base64')}`;
    const endpoint = existing ?? repo.create({ accountId });
    endpoint.url = input.url;
    endpoint.enabled = input.enabled ?? existing?.enabled ?? true;
    if (secret) endpoint.secret = this.box.seal(secret, secretAad(accountId));
    return { endpoint: await repo.save(endpoint), secret };
  }

  async remove(accountId: string): Promise<boolean> {
    const res = await this.ds.getRepository(WebhookEndpoint).delete({ accountId });
    return !!res.affected;
  }

  /** Queues a recorded delivery (MessagesService records `message.received` with the message). */
  async enqueue(delivery: Pick<WebhookDelivery, 'id' | 'accountId'>): Promise<void> {
    const job: WebhookJob = { accountId: delivery.accountId, deliveryId: delivery.id };
    await this.queue.add(Queues.Webhooks, JobNames.Deliver, job, {
      attempts: this.config.webhooks.maxAttempts,
      backoffMs: this.config.webhooks.backoffMs,
      jobId: delivery.id,
    });
  }

  /** One attempt: POSTs the event signed per Standard Webhooks and records the outcome. */
  async attempt(accountId: string, deliveryId: string, lastTry: boolean): Promise<AttemptOutcome> {
    const repo = this.ds.getRepository(WebhookDelivery);
    const delivery = await repo.findOneBy({ id: deliveryId, accountId });
    if (!delivery || delivery.status !== 'pending') return 'succeeded';
    const endpoint = await this.getEndpoint(accountId);
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let outcome: AttemptOutcome;
    if (!endpoint || !endpoint.enabled) {
      error = 'The webhook was removed or disabled';
      outcome = 'failed';
    } else {
      const refused = await refuseOutboundUrl(endpoint.url, { allowPrivate: this.config.webhooks.allowPrivate });
      if (refused) {
        error = `Refused: ${refused}`;
        outcome = 'failed';
      } else {
        try {
          const secret = this.box.open(endpoint.secret, secretAad(accountId));
          const body = JSON.stringify(delivery.payload);
          const now = new Date();
          const signature = new Webhook(secret).sign(delivery.id, now, body);
          statusCode = await post(
            endpoint.url,
            {
              'content-type': 'application/json',
              'user-agent': 'messaging-webhooks/1.0',
              'webhook-id': delivery.id,
              'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
              'webhook-signature': signature,
            },
            body,
            { timeoutMs: this.config.webhooks.timeoutMs, allowPrivate: this.config.webhooks.allowPrivate },
          );
          const ok = statusCode >= 200 && statusCode < 300;
          outcome = ok ? 'succeeded' : 'retry';
          if (!ok) error = `HTTP ${statusCode}`;
        } catch (e) {
          error = (e as Error).message;
          outcome = 'retry';
        }
      }
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
    await this.ds
      .getRepository(WebhookDelivery)
      .update({ id: deliveryId, accountId, status: 'pending' }, { status: 'failed', lastError: reason });
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
    const [page, total] = await Promise.all([
      keysetPage(filtered(), 'd', { cursor: input.cursor, limit, order: 'DESC' }),
      filtered().getCount(),
    ]);
    return { ...page, total };
  }
}
