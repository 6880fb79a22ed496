import { Injectable, Logger } from '@nestjs/common';
import { DomainException, NotFoundError, UnauthorizedError } from '@platform/errors';
import type { Request } from 'express';
import { ConversationsService } from '../conversations/conversations.service';
import { MessagesService } from '../messages/messages.service';
import type { InboundMessage } from './adapters/adapter.types';
import type { Channel } from './channel.entity';
import { ChannelsService } from './channels.service';

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
    if (challenge === null) throw new DomainException('forbidden', 'The verify token does not match', 403);
    return challenge;
  }

  /** Verifies the platform's proof, then stores each new message (redeliveries once) and queues the agent's reply. */
  async receive(kind: string, channelId: string, req: Request & { rawBody?: Buffer }): Promise<{ received: number; duplicates: number }> {
    const { adapter, channel, creds } = await this.load(kind, channelId);
    if (!adapter.verify(req, creds)) throw new UnauthorizedError('The request does not carry a valid signature for this channel', 'invalid_signature');
    let received = 0;
    let duplicates = 0;
    for (const message of adapter.parse(req.body)) {
      const stored = await this.store(channel, message);
      if (stored) received++;
      else duplicates++;
    }
    return { received, duplicates };
  }

  private async store(channel: Channel, inbound: InboundMessage, retried = false): Promise<boolean> {
    const conversation = await this.conversations.openForSender(channel, inbound.sender, inbound.senderName);
    try {
      const result = await this.messages.send(
        channel.accountId,
        conversation.id,
        { content: inbound.content.slice(0, 8000), role: 'user', attachments: inbound.attachments, channelId: channel.id, externalId: inbound.externalMessageId },
        { replyInline: false },
      );
      return !result.duplicate;
    } catch (e) {
      // Closed between finding and storing: the next attempt opens a new conversation.
      if (!retried && e instanceof DomainException && e.code === 'conversation_closed') return this.store(channel, inbound, true);
      this.logger.error(`Could not store a ${channel.kind} message for ${channel.id}: ${(e as Error).message}`);
      throw e;
    }
  }
}
