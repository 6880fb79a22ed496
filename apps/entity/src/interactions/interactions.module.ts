import { Module } from '@nestjs/common';
import { EntitiesModule } from '../entities/entities.module';
import { MemoryController } from '../memory/memory.controller';
import { MemoryService } from '../memory/memory.service';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';
import { TurnRecoveryService } from './recovery.service';
import { replyEngineProvider } from './reply-engine.provider';
import { TurnEvents } from './turn-events';
import { TurnProcessor } from './turn.processor';
import { TurnRunner } from './turn-runner';

@Module({
  imports: [EntitiesModule],
  controllers: [InteractionsController, MemoryController],
  providers: [InteractionsService, MemoryService, TurnEvents, TurnRunner, TurnProcessor, TurnRecoveryService, replyEngineProvider],
})
export class InteractionsModule {}
