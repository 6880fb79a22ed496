import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NotFoundError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { Conversation } from '../conversations/conversation.entity';
import { ConversationFact } from './conversation-fact.entity';

/** How many facts a reply reads (the most recently stated); a conversation rarely has more than a few dozen. */
export const MAX_FACTS_PER_REPLY = 200;

@Injectable()
export class FactsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** What the conversation's messages told about the person, oldest first. */
  async list(accountId: string, conversationId: string): Promise<ConversationFact[]> {
    const exists = await this.ds.getRepository(Conversation).existsBy({ id: conversationId, accountId });
    if (!exists) throw new NotFoundError(`Conversation ${conversationId} not found`);
    return this.ds.getRepository(ConversationFact).find({ where: { conversationId, accountId }, order: { updatedAt: 'ASC', slot: 'ASC' } });
  }
}
