import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { ProvidersModule } from '../intelligence/providers/providers.module';
import { RenderingModule } from '../rendering/rendering.module';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';
import { CatalogueUseCases } from './catalogue.use-cases';

@Module({
  imports: [AssetsModule, RenderingModule, ProvidersModule],
  controllers: [CatalogueController],
  providers: [CatalogueService, CatalogueUseCases],
  exports: [CatalogueService, CatalogueUseCases],
})
export class CatalogueModule {}
