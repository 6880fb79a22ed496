import { Module } from '@nestjs/common';
import { DesignOutputController } from '../rendering/design-output.controller';
import { DesignOutputUseCases } from '../rendering/design-output.use-cases';
import { RenderingModule } from '../rendering/rendering.module';
import { DesignsModule } from './designs.module';

/**
 * A design's outputs: render, preview and HTML export (rendering's controller and use cases, given the designs through
 * its DESIGN_SOURCE port, which DesignsModule provides).
 */
@Module({
  imports: [DesignsModule, RenderingModule],
  controllers: [DesignOutputController],
  providers: [DesignOutputUseCases],
  exports: [DesignOutputUseCases],
})
export class DesignOutputModule {}
