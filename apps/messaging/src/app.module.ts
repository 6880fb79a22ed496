import { DynamicModule, Module } from '@nestjs/common';
import { AgentsModule } from './agents/agents.module';
import { ChannelsModule } from './channels/channels.module';
import { CommonModule } from './common/common.module';
import type { MessagingConfig } from './config';
import { ConversationsModule } from './conversations/conversations.module';
import { FactsModule } from './facts/facts.module';
import { MessagesModule } from './messages/messages.module';
import { RecoveryModule } from './recovery/recovery.module';
import { SoulsModule } from './souls/souls.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static forRoot(_config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CommonModule, SoulsModule, AgentsModule, ConversationsModule, FactsModule, MessagesModule, WebhooksModule, ChannelsModule, RecoveryModule],
    };
  }
}
