import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitAssetReferences } from './brand-kit-asset-references';
import { BrandKitController } from './brand-kit.controller';
import { BrandKitService } from './brand-kit.service';

@Module({ imports: [AssetsModule], controllers: [BrandKitController], providers: [BrandKitService, BrandKitAssetReferences], exports: [BrandKitService] })
export class BrandKitModule {}
