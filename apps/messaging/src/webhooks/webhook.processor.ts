import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { Queues, WebhookJob } from '../common/queues';
import { WebhooksService } from './webhooks.service';

/** Delivers `message.received` events; a non-2xx answer or a network error is retried with exponential backoff. */
@QueueProcessor(Queues.Webhooks)
export class WebhookProcessor extends QueueWorker<WebhookJob> {
  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async process(job: Job<WebhookJob>): Promise<undefined> {
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const outcome = await this.webhooks.attempt(job.data.accountId, job.data.deliveryId, lastTry);
    if (outcome === 'retry') throw new Error(`Webhook delivery ${job.data.deliveryId} will be retried`);
    return undefined;
  }

  override async onFinalFailure(job: Job<WebhookJob>, error: Error): Promise<void> {
    await this.webhooks.markFailed(job.data.accountId, job.data.deliveryId, error.message);
  }
}
