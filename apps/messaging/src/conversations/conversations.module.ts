import { Module } from '@nestjs/common';
import { AgentDependentsPort } from '../agents/agent-dependents.port';
import { AgentsModule } from '../agents/agents.module';
import { ConversationChannelsPort } from './conversation-channels.port';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

@Module({
  imports: [AgentsModule],
  controllers: [ConversationsController],
  providers: [ConversationsService, ConversationsRepository, ConversationChannelsPort],
  exports: [ConversationsService, ConversationsRepository, ConversationChannelsPort],
})
export class ConversationsModule {
  /** An agent's deletion removes its conversations (agents' port). */
  constructor(agents: AgentDependentsPort, repo: ConversationsRepository) {
    agents.implement(repo);
  }
}
