import { DynamicModule, Module } from '@nestjs/common';
import { BrandKitModule } from './brand-kit/brand-kit.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import type { CreativeConfig } from './config';
import { DesignsModule } from './designs/designs.module';
import { MeModule } from './me/me.module';
import { DesignOutputModule } from './rendering/design-output.module';
import { RenderingModule } from './rendering/rendering.module';

@Module({})
export class AppModule {
  static forRoot(_config: CreativeConfig): DynamicModule {
    return { module: AppModule, imports: [MeModule, BrandKitModule, CatalogueModule, RenderingModule, DesignsModule, DesignOutputModule] };
  }
}
