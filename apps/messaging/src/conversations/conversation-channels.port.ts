import { Injectable } from '@nestjs/common';
import type { ChannelKind } from './conversation.entity';

/** A connected channel as a conversation links to it. */
export interface LinkedChannel {
  id: string;
  kind: ChannelKind;
}

/**
 * What conversations needs to know of the account's connected channels (a conversation started through the API
 * goes through one). Conversations is the lower feature (channels' inbound webhooks open conversations and store
 * messages), so conversations owns this port and channels implements it (ChannelsRepository): conversations never
 * reads channels' table nor imports channels.
 */
export interface ConversationChannels {
  /** The account's channel `id`, or null. */
  channel(accountId: string, id: string): Promise<LinkedChannel | null>;
  /** At most `take` of the account's channels of that kind, oldest first. */
  ofKind(accountId: string, kind: ChannelKind, take: number): Promise<LinkedChannel[]>;
}

/**
 * The port as conversations injects it: channels plugs its implementation in when its module starts (`implement`).
 * A Nest token would need conversations' module to import channels' (channels' services depend on conversations': a circle).
 */
@Injectable()
export class ConversationChannelsPort implements ConversationChannels {
  private impl: ConversationChannels | null = null;

  implement(impl: ConversationChannels): void {
    this.impl = impl;
  }

  private get channels(): ConversationChannels {
    if (!this.impl) throw new Error('ConversationChannelsPort: no implementation (ChannelsModule provides it)');
    return this.impl;
  }

  channel(accountId: string, id: string): Promise<LinkedChannel | null> {
    return this.channels.channel(accountId, id);
  }

  ofKind(accountId: string, kind: ChannelKind, take: number): Promise<LinkedChannel[]> {
    return this.channels.ofKind(accountId, kind, take);
  }
}
