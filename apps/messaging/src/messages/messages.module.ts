import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';
import { replyEngineProvider } from './reply-engine.provider';
import { ReplyProcessor } from './reply.processor';

@Module({
  imports: [WebhooksModule],
  controllers: [MessagesController],
  providers: [MessagesService, ReplyProcessor, replyEngineProvider],
  exports: [MessagesService],
})
export class MessagesModule {}
