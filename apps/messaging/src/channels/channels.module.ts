import { Module } from '@nestjs/common';
import { AgentDependentsPort } from '../agents/agent-dependents.port';
import { AgentsModule } from '../agents/agents.module';
import { ConversationChannelsPort } from '../conversations/conversation-channels.port';
import { ConversationsModule } from '../conversations/conversations.module';
import { MessagesModule } from '../messages/messages.module';
import { ChannelSendProcessor } from './channel-send.processor';
import { ChannelsController } from './channels.controller';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';
import { InboundController } from './inbound.controller';
import { InboundService } from './inbound.service';

@Module({
  imports: [AgentsModule, ConversationsModule, MessagesModule],
  controllers: [ChannelsController, InboundController],
  providers: [ChannelsService, ChannelsRepository, InboundService, ChannelSendProcessor],
})
export class ChannelsModule {
  /** An agent's deletion removes its channels (agents' port); conversations look up the channel they go through (conversations' port). */
  constructor(agents: AgentDependentsPort, conversations: ConversationChannelsPort, repo: ChannelsRepository) {
    agents.implement(repo);
    conversations.implement(repo);
  }
}
