import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { DESIGN_SOURCE } from '../rendering/design-source.port';
import { RenderingModule } from '../rendering/rendering.module';
import { DesignsController } from './designs.controller';
import { DesignsRepository } from './designs.repository';
import { DesignsService } from './designs.service';
import { DesignsUseCases } from './designs.use-cases';

@Module({
  // Artifacts: a deleted design's artifacts go with it.
  imports: [RenderingModule, BrandKitModule, ArtifactsModule],
  controllers: [DesignsController],
  providers: [DesignsRepository, DesignsService, DesignsUseCases, { provide: DESIGN_SOURCE, useExisting: DesignsService }],
  exports: [DesignsRepository, DesignsService, DesignsUseCases, DESIGN_SOURCE],
})
export class DesignsModule {}
