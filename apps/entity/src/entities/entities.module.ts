import { Module } from '@nestjs/common';
import { EntitiesController } from './entities.controller';
import { EntitiesRepository } from './entities.repository';
import { EntitiesService } from './entities.service';

@Module({ controllers: [EntitiesController], providers: [EntitiesService, EntitiesRepository], exports: [EntitiesService] })
export class EntitiesModule {}
