import { DynamicModule, Module } from '@nestjs/common';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { AssetsModule } from './assets/assets.module';
import { BrandKitModule } from './brand-kit/brand-kit.module';
import type { CreativeConfig } from './config';
import { MeModule } from './me/me.module';
import { StorageModule } from './storage/storage.module';

@Module({})
export class AppModule {
  static forRoot(config: CreativeConfig): DynamicModule {
    return { module: AppModule, imports: [StorageModule.forRoot(config), MeModule, BrandKitModule, AssetsModule, ArtifactsModule] };
  }
}
