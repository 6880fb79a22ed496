import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { CallbacksService } from './callbacks.service';
import { CALLBACKS_QUEUE, type CallbackJobData } from './queues';

/** One try per queue attempt; a failed try throws so the queue retries it with exponential backoff. */
@QueueProcessor(CALLBACKS_QUEUE)
export class CallbacksProcessor extends QueueWorker<CallbackJobData> {
  constructor(private readonly callbacks: CallbacksService) {
    super();
  }

  async process(job: Job<CallbackJobData>): Promise<void> {
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const outcome = await this.callbacks.attempt(job.data.accountId, job.data.callbackId, lastTry);
    if (outcome === 'retry') throw new Error('Callback not delivered; retrying');
  }

  override async onFinalFailure(job: Job<CallbackJobData>, error: Error): Promise<void> {
    await this.callbacks.markFailed(job.data.accountId, job.data.callbackId, error.message);
  }
}
