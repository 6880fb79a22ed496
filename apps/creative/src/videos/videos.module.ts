import { Module, OnModuleInit } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { DesignsModule } from '../designs/designs.module';
import { JobHandlers } from '../jobs/job-handlers';
import { JobsModule } from '../jobs/jobs.module';
import { RenderingModule } from '../rendering/rendering.module';
import { AnimateJobHandler, ProceduralVideoJobHandler, VideoJobHandler } from './video-job-handlers';
import { VideoRendererService } from './video-renderer.service';
import { VideoRequestsService } from './video-requests.service';
import { VideosUseCases } from './videos.use-cases';
import { VideoThreads } from './video-thread';
import { AnimateController } from './animate.controller';
import { VideosController } from './videos.controller';

/** The video endpoints (animate, scenes, procedural) and their job handlers; the pipeline is @platform/creative-video. */
@Module({
  imports: [DesignsModule, AssetsModule, RenderingModule, BrandKitModule, ArtifactsModule, JobsModule],
  controllers: [AnimateController, VideosController],
  providers: [VideoRequestsService, VideosUseCases, VideoRendererService, VideoThreads, AnimateJobHandler, VideoJobHandler, ProceduralVideoJobHandler],
  exports: [VideoRequestsService, VideoRendererService, VideosUseCases],
})
export class VideosModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly animate: AnimateJobHandler,
    private readonly video: VideoJobHandler,
    private readonly procedural: ProceduralVideoJobHandler,
  ) {}

  onModuleInit(): void {
    for (const h of [this.animate, this.video, this.procedural]) this.handlers.register(h);
  }
}
