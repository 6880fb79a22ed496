import { Module } from '@nestjs/common';
import { SoulsController } from './souls.controller';

@Module({ controllers: [SoulsController] })
export class SoulsModule {}
