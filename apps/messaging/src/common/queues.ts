/** The queues of the messaging service (one processor class each). */
export enum Queues {
  Replies = 'replies',
  Webhooks = 'webhooks',
  ChannelSends = 'channel-sends',
}

export enum JobNames {
  Reply = 'reply',
  Deliver = 'deliver',
  Send = 'send',
}

export interface ReplyJob {
  accountId: string;
  messageId: string;
}

export interface WebhookJob {
  accountId: string;
  deliveryId: string;
}

export interface ChannelSendJob {
  accountId: string;
  messageId: string;
}
