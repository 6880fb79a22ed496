import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents/agents.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { FactsModule } from '../facts/facts.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';
import { replyEngineProvider } from './reply-engine.provider';
import { ReplyProcessor } from './reply.processor';

@Module({
  imports: [AgentsModule, ConversationsModule, FactsModule, WebhooksModule],
  controllers: [MessagesController],
  providers: [MessagesService, MessagesRepository, ReplyProcessor, replyEngineProvider],
  exports: [MessagesService],
})
export class MessagesModule {}
