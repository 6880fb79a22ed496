import { Module } from '@nestjs/common';
import { EntitiesModule } from '../entities/entities.module';
import { EndUserTurnsPort } from './end-user-turns.port';
import { MemoryController } from './memory.controller';
import { MemoryRepository } from './memory.repository';
import { MemoryService } from './memory.service';

/** What entities know about their end users; the turns with an end user come through EndUserTurnsPort (InteractionsModule implements it). */
@Module({
  imports: [EntitiesModule],
  controllers: [MemoryController],
  providers: [MemoryRepository, MemoryService, EndUserTurnsPort],
  exports: [MemoryRepository, EndUserTurnsPort],
})
export class MemoryModule {}
