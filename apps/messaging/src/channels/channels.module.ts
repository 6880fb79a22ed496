import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { MessagesModule } from '../messages/messages.module';
import { ChannelSendProcessor } from './channel-send.processor';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { InboundController } from './inbound.controller';
import { InboundService } from './inbound.service';

@Module({
  imports: [ConversationsModule, MessagesModule],
  controllers: [ChannelsController, InboundController],
  providers: [ChannelsService, InboundService, ChannelSendProcessor],
})
export class ChannelsModule {}
