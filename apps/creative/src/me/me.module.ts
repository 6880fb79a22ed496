import { Module } from '@nestjs/common';
import { MeController } from './me.controller';
import { MeUseCases } from './me.use-cases';

@Module({ controllers: [MeController], providers: [MeUseCases], exports: [MeUseCases] })
export class MeModule {}
