import { Module } from '@nestjs/common';
import { DesignOutputController } from '../rendering/design-output.controller';
import { RenderingModule } from '../rendering/rendering.module';
import { DesignsModule } from './designs.module';

/** A design's outputs: preview and HTML export (rendering's controller, given the designs through its DESIGN_SOURCE port). */
@Module({ imports: [DesignsModule, RenderingModule], controllers: [DesignOutputController] })
export class DesignOutputModule {}
