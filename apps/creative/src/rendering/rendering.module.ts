import { Module } from '@nestjs/common';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { DesignAssetsService } from './design-assets.service';
import { PreviewService } from './preview.service';
import { RenderPool } from './render-pool.service';
import { RenderService } from './render.service';
import { ToolsController } from './tools.controller';
import { ToolsService } from './tools.service';

/** The render engine (worker pool, time budget), previews cache and the account's assets as renders see them. */
@Module({
  imports: [BrandKitModule],
  controllers: [ToolsController],
  providers: [RenderPool, RenderService, DesignAssetsService, PreviewService, ToolsService],
  exports: [RenderPool, RenderService, DesignAssetsService, PreviewService],
})
export class RenderingModule {}
