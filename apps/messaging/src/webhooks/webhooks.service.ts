import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ValidationError } from '@platform/errors';
import { refuseOutboundUrl, SecretsBox, sendSignedWebhook } from '@platform/outbound';
import { JobQueue } from '@platform/queue';
import { randomBytes } from 'node:crypto';
import { JobNames, Queues, WebhookJob } from '../common/queues';
import type { MessagingConfig } from '../config';
import { DeliveryAttempt, DeliveryState, WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhooksRepository } from './webhooks.repository';

/** What one delivery attempt ended with. */
export type AttemptOutcome = 'succeeded' | 'retry' | 'failed';

const secretAad = (accountId: string) => `webhook:${accountId}`;

@Injectable()
export class WebhooksService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly repo: WebhooksRepository,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly box: SecretsBox,
    private readonly queue: JobQueue,
  ) {}

  getEndpoint(accountId: string): Promise<WebhookEndpoint | null> {
    return this.repo.endpoint(accountId);
  }

  /** Sets the URL (and whether it is enabled); makes a secret on creation or when asked to rotate. Returns the new secret, if any. */
  async configure(
    accountId: string,
    input: { url: string; enabled?: boolean; rotateSecret?: boolean },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string | null }> {
    const refused = await refuseOutboundUrl(input.url, { allowPrivate: this.config.webhooks.allowPrivate });
    if (refused) throw new ValidationError([{ loc: ['url'], msg: refused, type: 'url_not_allowed' }]);
    let secret: string | null = null;
    // The endpoint is locked while it changes: a delivery attempt that finds the webhook paused holds its event under
    // this lock (see hold()). Enabled (again): what was held while it was paused goes out now, oldest first, to the current URL.
    const { endpoint, released } = await this.repo.saveEndpoint(accountId, (endpoint, existing) => {
      if (!existing || input.rotateSecret) secret = `whsec_${randomBytes(24).toString('base64')}`;
      endpoint.enabled = input.enabled ?? (existing ? endpoint.enabled : true);
      endpoint.url = input.url;
      if (secret) endpoint.secret = this.box.seal(secret, secretAad(accountId));
      return endpoint;
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
  remove(accountId: string): Promise<boolean> {
    return this.repo.removeEndpoint(accountId);
  }

  /**
   * Marks a pending delivery `held` when the account's webhook is paused. The endpoint row is read
   * FOR SHARE: when `configure` is enabling it at this moment, this waits for its commit and then
   * sees it enabled (nothing held), so no event is left held behind an enabled webhook.
   */
  private hold(accountId: string, deliveryId: string): Promise<boolean> {
    return this.repo.hold(accountId, deliveryId);
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
    if (await this.repo.release(delivery.accountId, delivery.id)) await this.enqueueReleased(delivery);
  }

  /** One attempt: POSTs the event signed per Standard Webhooks and records the outcome. */
  async attempt(accountId: string, deliveryId: string, lastTry: boolean): Promise<AttemptOutcome> {
    const delivery = await this.repo.delivery(accountId, deliveryId);
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
    await this.repo.recordAttempt(accountId, deliveryId, entry, {
      status: state,
      lastStatusCode: statusCode,
      lastError: error,
      deliveredAt: outcome === 'succeeded' ? new Date() : null,
    });
    if (outcome !== 'succeeded') this.logger.warn(`Webhook delivery ${deliveryId} attempt ${entry.attempt}: ${error} (${state})`);
    return outcome;
  }

  async markFailed(accountId: string, deliveryId: string, reason: string): Promise<void> {
    await this.repo.markFailed(accountId, deliveryId, reason);
  }

  async listDeliveries(
    accountId: string,
    input: { limit?: number; cursor?: string; status?: DeliveryState; conversationId?: string },
  ): Promise<{ data: WebhookDelivery[]; total: number; nextCursor: string | null }> {
    return this.repo.list(accountId, { ...input, limit: input.limit ?? 50 });
  }
}
