import { Module } from '@nestjs/common';
import { EntitiesModule } from '../entities/entities.module';
import { MemoryModule } from '../memory/memory.module';
import { InteractionEndUserTurns } from './interaction-end-user-turns';
import { InteractionsController } from './interactions.controller';
import { InteractionsRepository } from './interactions.repository';
import { InteractionsService } from './interactions.service';
import { TurnRecoveryService } from './recovery.service';
import { replyEngineProvider } from './reply-engine.provider';
import { TurnEvents } from './turn-events';
import { TurnProcessor } from './turn.processor';
import { TurnRunner } from './turn-runner';

/** Turns: above entities and memory (a turn reads its entity and reads and updates its end user's memory); memory's EndUserTurnsPort is implemented here. */
@Module({
  imports: [EntitiesModule, MemoryModule],
  controllers: [InteractionsController],
  providers: [
    InteractionsRepository,
    InteractionsService,
    InteractionEndUserTurns,
    TurnEvents,
    TurnRunner,
    TurnProcessor,
    TurnRecoveryService,
    replyEngineProvider,
  ],
})
export class InteractionsModule {}
