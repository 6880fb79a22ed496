import { Module } from '@nestjs/common';
import { DesignsModule } from '../designs/designs.module';
import { DesignOutputController } from './design-output.controller';
import { DesignOutputUseCases } from './design-output.use-cases';
import { RenderingModule } from './rendering.module';

/** A design's outputs: preview and HTML export. */
@Module({ imports: [DesignsModule, RenderingModule], controllers: [DesignOutputController], providers: [DesignOutputUseCases], exports: [DesignOutputUseCases] })
export class DesignOutputModule {}
