import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { FactsController } from './facts.controller';
import { FactsRepository } from './facts.repository';
import { FactsService } from './facts.service';

@Module({
  imports: [ConversationsModule],
  controllers: [FactsController],
  providers: [FactsService, FactsRepository],
  exports: [FactsService, FactsRepository],
})
export class FactsModule {}
