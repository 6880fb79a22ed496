import { Module } from '@nestjs/common';
import { RenderingModule } from '../rendering/rendering.module';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

@Module({ imports: [RenderingModule], controllers: [CatalogueController], providers: [CatalogueService], exports: [CatalogueService] })
export class CatalogueModule {}
