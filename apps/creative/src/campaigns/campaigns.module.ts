import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { DesignsModule } from '../designs/designs.module';
import { RenderingModule } from '../rendering/rendering.module';
import { CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';

@Module({ imports: [DesignsModule, RenderingModule, ArtifactsModule], controllers: [CampaignsController], providers: [CampaignsService] })
export class CampaignsModule {}
