import { Module, OnModuleInit } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { DesignsModule } from '../designs/designs.module';
import { JobHandlers } from '../jobs/job-handlers';
import { JobsModule } from '../jobs/jobs.module';
import { RenderingModule } from '../rendering/rendering.module';
import { VideosModule } from '../videos/videos.module';
import { CampaignFullController } from './campaign-full.controller';
import { CampaignFullJobHandler } from './campaign-full.handler';
import { CampaignsController } from './campaigns.controller';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignsService } from './campaigns.service';
import { CampaignsUseCases } from './campaigns.use-cases';

@Module({
  imports: [DesignsModule, RenderingModule, ArtifactsModule, JobsModule, VideosModule],
  controllers: [CampaignsController, CampaignFullController],
  providers: [CampaignsRepository, CampaignsService, CampaignsUseCases, CampaignFullJobHandler],
  exports: [CampaignsService, CampaignsUseCases],
})
export class CampaignsModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly full: CampaignFullJobHandler,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this.full);
  }
}
