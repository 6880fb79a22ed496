import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { AssetsModule } from '../assets/assets.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { DesignsModule } from '../designs/designs.module';
import { JobsModule } from '../jobs/jobs.module';
import { DesignOutputModule } from '../designs/design-output.module';
import { RenderingModule } from '../rendering/rendering.module';
import { VideosModule } from '../videos/videos.module';
import { GenerationsController } from './generations.controller';
import { GenerationsRepository } from './generations.repository';
import { GenerationsService } from './generations.service';
import { PlanningController } from './planning.controller';
import { PlanningService } from './planning.service';
import { ProvidersModule } from './providers/providers.module';
import { VisionBriefsController } from './vision-briefs.controller';
import { VisionBriefsService } from './vision-briefs.service';
import { WorkflowOperations, workflowRunnerProvider } from './workflow-operations';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsService } from './workflows.service';

/** Generations, briefs from images, planning and workflows, with their providers (AI SDK) and built-in engines. */
@Module({
  imports: [ProvidersModule, AssetsModule, ArtifactsModule, RenderingModule, DesignsModule, DesignOutputModule, CampaignsModule, VideosModule, JobsModule],
  controllers: [GenerationsController, VisionBriefsController, PlanningController, WorkflowsController],
  providers: [GenerationsRepository, GenerationsService, VisionBriefsService, PlanningService, workflowRunnerProvider, WorkflowOperations, WorkflowsService],
  exports: [GenerationsService, VisionBriefsService, PlanningService, WorkflowsService],
})
export class IntelligenceModule {}
