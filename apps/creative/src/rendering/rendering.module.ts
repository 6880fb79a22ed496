import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { MemoryKeeper } from '../common/memory-keeper';
import { ThreadMemory } from '../common/thread-memory';
import { ThreadWatchdog } from '../common/thread-watchdog';
import { DesignAssetsService } from './design-assets.service';
import { DesignRendersService } from './design-renders.service';
import { PreviewService } from './preview.service';
import { RenderCacheRepository } from './render-cache.repository';
import { RenderPool } from './render-pool.service';
import { RenderService } from './render.service';
import { ToolsController } from './tools.controller';
import { ToolsService } from './tools.service';

/** The render engine (worker pool, time budget), previews cache and the account's assets as renders see them. */
@Module({
  imports: [BrandKitModule, AssetsModule, ArtifactsModule],
  controllers: [ToolsController],
  providers: [
    RenderCacheRepository,
    ThreadWatchdog,
    ThreadMemory,
    MemoryKeeper,
    RenderPool,
    RenderService,
    DesignAssetsService,
    DesignRendersService,
    PreviewService,
    ToolsService,
  ],
  exports: [
    RenderCacheRepository,
    ThreadWatchdog,
    MemoryKeeper,
    RenderPool,
    RenderService,
    DesignAssetsService,
    DesignRendersService,
    PreviewService,
    ToolsService,
  ],
})
export class RenderingModule {}
