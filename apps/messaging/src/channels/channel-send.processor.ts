import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { ChannelSendJob, Queues } from '../common/queues';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { MessagesService } from '../messages/messages.service';
import { SendError } from './adapters/adapter.types';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';

/** Sends agent replies (and operators' messages) through the platform's send API, with retries. */
@QueueProcessor(Queues.ChannelSends)
export class ChannelSendProcessor extends QueueWorker<ChannelSendJob> {
  constructor(
    private readonly channels: ChannelsService,
    private readonly channelRows: ChannelsRepository,
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesService,
  ) {
    super();
  }

  async process(job: Job<ChannelSendJob>): Promise<undefined> {
    const { accountId, messageId } = job.data;
    const message = await this.messages.find(accountId, messageId);
    if (!message || message.deliveryStatus !== 'pending') return undefined;
    const conversation = await this.conversations.find(accountId, message.conversationId);
    const channel = conversation?.channelId ? await this.channelRows.find(accountId, conversation.channelId) : null;
    const adapter = channel ? this.channels.adapter(channel.kind) : undefined;
    if (!conversation?.externalId || !channel || !adapter) {
      await this.messages.setDelivery(accountId, messageId, 'failed', 'The channel was disconnected');
      return undefined;
    }
    try {
      await adapter.send(this.channels.credentials(channel), conversation.externalId, message.content);
      await this.messages.setDelivery(accountId, messageId, 'sent', null);
    } catch (e) {
      if (e instanceof SendError && !e.retryable) {
        await this.messages.setDelivery(accountId, messageId, 'failed', e.message);
        return undefined;
      }
      await this.messages.setDelivery(accountId, messageId, 'pending', (e as Error).message);
      throw e;
    }
    return undefined;
  }

  override async onFinalFailure(job: Job<ChannelSendJob>, error: Error): Promise<void> {
    await this.messages.setDelivery(job.data.accountId, job.data.messageId, 'failed', `Gave up after ${job.attemptsMade} tries: ${error.message}`);
  }
}
