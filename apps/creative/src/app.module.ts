import { DynamicModule, Module } from '@nestjs/common';
import { BrandKitModule } from './brand-kit/brand-kit.module';
import type { CreativeConfig } from './config';
import { MeModule } from './me/me.module';

@Module({})
export class AppModule {
  static forRoot(_config: CreativeConfig): DynamicModule {
    return { module: AppModule, imports: [MeModule, BrandKitModule] };
  }
}
