import { Module } from '@nestjs/common';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { RenderingModule } from '../rendering/rendering.module';
import { DesignsController } from './designs.controller';
import { DesignsService } from './designs.service';
import { DesignsUseCases } from './designs.use-cases';

@Module({ imports: [RenderingModule, BrandKitModule], controllers: [DesignsController], providers: [DesignsService, DesignsUseCases], exports: [DesignsService, DesignsUseCases] })
export class DesignsModule {}
