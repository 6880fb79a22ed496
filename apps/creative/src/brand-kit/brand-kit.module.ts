import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitController } from './brand-kit.controller';
import { BrandKitService } from './brand-kit.service';

@Module({ imports: [AssetsModule], controllers: [BrandKitController], providers: [BrandKitService], exports: [BrandKitService] })
export class BrandKitModule {}
