import { Module } from '@nestjs/common';
import { DesignAssetsService } from './design-assets.service';
import { PreviewService } from './preview.service';
import { RenderPool } from './render-pool.service';
import { RenderService } from './render.service';

/** The render engine (worker pool, time budget), previews cache and the account's assets as renders see them. */
@Module({
  providers: [RenderPool, RenderService, DesignAssetsService, PreviewService],
  exports: [RenderPool, RenderService, DesignAssetsService, PreviewService],
})
export class RenderingModule {}
