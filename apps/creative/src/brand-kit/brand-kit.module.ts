import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitAssetReferences } from './brand-kit-asset-references';
import { BrandKitController } from './brand-kit.controller';
import { BrandKitRepository } from './brand-kit.repository';
import { BrandKitService } from './brand-kit.service';
import { BrandKitUseCases } from './brand-kit.use-cases';

@Module({
  imports: [AssetsModule],
  controllers: [BrandKitController],
  providers: [BrandKitRepository, BrandKitService, BrandKitUseCases, BrandKitAssetReferences],
  exports: [BrandKitService, BrandKitUseCases],
})
export class BrandKitModule {}
