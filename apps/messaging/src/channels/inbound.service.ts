import { Injectable, Logger } from '@nestjs/common';
import { newId } from '@platform/database';
import { DomainException, NotFoundError, UnauthorizedError } from '@platform/errors';
import { ConversationsService } from '../conversations/conversations.service';
import type { Message } from '../messages/message.entity';
import { MessagesService } from '../messages/messages.service';
import type { InboundMessage, InboundRequest } from './adapters/adapter.types';
import type { Channel } from './channel.entity';
import { ChannelsService } from './channels.service';

export interface InboundResult {
  received: number;
  duplicates: number;
  edited: number;
  refused: number;
}

@Injectable()
export class InboundService {
  private readonly logger = new Logger('Inbound');

  constructor(
    private readonly channels: ChannelsService,
    private readonly conversations: ConversationsService,
    private readonly messages: MessagesService,
  ) {}

  private async load(kind: string, channelId: string) {
    const adapter = this.channels.adapter(kind);
    const channel = adapter ? await this.channels.findForInbound(kind, channelId) : null;
    if (!adapter || !channel) throw new NotFoundError(`No ${kind} channel ${channelId}`);
    return { adapter, channel, creds: this.channels.credentials(channel) };
  }

  /** Meta's subscription handshake: the challenge, or 403 when the verify token is wrong. */
  async handshake(kind: string, channelId: string, query: Record<string, unknown>): Promise<string> {
    const { adapter, creds } = await this.load(kind, channelId);
    const challenge = adapter.handshake?.(query, creds) ?? null;
    if (challenge === null) throw new DomainException('forbidden', 'The verify token does not match', 'forbidden');
    return challenge;
  }

  /**
   * Verifies the platform's proof, then stores each new message (redeliveries once) and queues the
   * agent's reply. Messages of one update from one sender (one conversation) are a batch: all stored,
   * in order, and answered once, by a reply written from all of them (see MessagesService.retryReply).
   * Edits change the stored message. What the platform addressed to another of its accounts is refused.
   */
  async receive(kind: string, channelId: string, req: InboundRequest): Promise<InboundResult> {
    const { adapter, channel, creds } = await this.load(kind, channelId);
    if (!adapter.verify(req, creds)) throw new UnauthorizedError('The request does not carry a valid signature for this channel', 'invalid_signature');
    const update = adapter.parse(req.body, creds);
    const result: InboundResult = { received: 0, duplicates: 0, edited: 0, refused: update.refused };
    if (update.refused)
      this.logger.warn(`${channel.kind} channel ${channel.id}: refused ${update.refused} message(s) addressed to another account of the platform`);
    const bySender = new Map<string, InboundMessage[]>();
    for (const message of update.messages) {
      const list = bySender.get(message.sender);
      if (list) list.push(message);
      else bySender.set(message.sender, [message]);
    }
    for (const batch of bySender.values()) {
      const { received, duplicates } = await this.storeBatch(channel, batch);
      result.received += received;
      result.duplicates += duplicates;
    }
    for (const edit of update.edits) {
      const outcome = await this.messages.edit(channel.accountId, {
        channelId: channel.id,
        externalId: edit.externalMessageId,
        content: edit.content.slice(0, 8000),
        editedAt: edit.editedAt,
      });
      if (outcome === 'edited') result.edited++;
      else if (outcome === 'unchanged') result.duplicates++;
      else this.logger.warn(`${channel.kind} channel ${channel.id}: an edit of message ${edit.externalMessageId}, which was never stored, was ignored`);
    }
    return result;
  }

  /** Stores one sender's messages in order, then queues one reply per conversation: to the last new message, which answers them all. */
  private async storeBatch(channel: Channel, batch: InboundMessage[]): Promise<{ received: number; duplicates: number }> {
    const batchId = batch.length > 1 ? newId('bat') : undefined;
    let received = 0;
    const last = new Map<string, Message>();
    for (const inbound of batch) {
      const stored = await this.store(channel, inbound, batchId);
      if (!stored) continue;
      received++;
      last.set(stored.conversationId, stored);
    }
    for (const message of last.values()) if (message.replyStatus === 'pending') await this.messages.enqueueReply(message);
    return { received, duplicates: batch.length - received };
  }

  /** The stored message, or null for a redelivery. */
  private async store(channel: Channel, inbound: InboundMessage, batchId: string | undefined, retried = false): Promise<Message | null> {
    const conversation = await this.conversations.openForSender(channel, inbound.sender, inbound.senderName);
    try {
      const result = await this.messages.send(
        channel.accountId,
        conversation.id,
        {
          content: inbound.content.slice(0, 8000),
          role: 'user',
          attachments: inbound.attachments,
          channelId: channel.id,
          externalId: inbound.externalMessageId,
          batchId,
        },
        { replyInline: false, queueReply: false },
      );
      return result.duplicate ? null : result.message;
    } catch (e) {
      // Closed between finding and storing: the next attempt opens a new conversation.
      if (!retried && e instanceof DomainException && e.code === 'conversation_closed') return this.store(channel, inbound, batchId, true);
      this.logger.error(`Could not store a ${channel.kind} message for ${channel.id}: ${(e as Error).message}`);
      throw e;
    }
  }
}
