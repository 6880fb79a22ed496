import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { Queues, ReplyJob } from '../common/queues';
import { MessagesService } from './messages.service';

/** Retries replies whose provider failed or timed out while the message was posted. */
@QueueProcessor(Queues.Replies)
export class ReplyProcessor extends QueueWorker<ReplyJob> {
  constructor(private readonly messages: MessagesService) {
    super();
  }

  async process(job: Job<ReplyJob>): Promise<undefined> {
    await this.messages.retryReply(job.data.accountId, job.data.messageId);
    return undefined;
  }

  override async onFinalFailure(job: Job<ReplyJob>, error: Error): Promise<void> {
    await this.messages.markReplyFailed(job.data.accountId, job.data.messageId, `Gave up after ${job.attemptsMade} tries: ${error.message}`);
  }
}
