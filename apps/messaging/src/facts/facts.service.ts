import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@platform/errors';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ConversationFact } from './conversation-fact.entity';
import { FactsRepository } from './facts.repository';

@Injectable()
export class FactsService {
  constructor(
    private readonly repo: FactsRepository,
    private readonly conversations: ConversationsRepository,
  ) {}

  /** What the conversation's messages told about the person, oldest first. */
  async list(accountId: string, conversationId: string): Promise<ConversationFact[]> {
    if (!(await this.conversations.exists(accountId, conversationId))) throw new NotFoundError(`Conversation ${conversationId} not found`);
    return this.repo.list(accountId, conversationId);
  }
}
