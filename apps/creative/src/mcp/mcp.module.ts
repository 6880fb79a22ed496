import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { AssetsModule } from '../assets/assets.module';
import { BrandKitModule } from '../brand-kit/brand-kit.module';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { DesignsModule } from '../designs/designs.module';
import { IntelligenceModule } from '../intelligence/intelligence.module';
import { JobsModule } from '../jobs/jobs.module';
import { MeModule } from '../me/me.module';
import { PreviewsModule } from '../previews/previews.module';
import { DesignOutputModule } from '../designs/design-output.module';
import { RenderingModule } from '../rendering/rendering.module';
import { UsageModule } from '../usage/usage.module';
import { VideosModule } from '../videos/videos.module';
import { McpController } from './mcp.controller';
import { mcpRunnerProvider } from './mcp-runner';
import { McpService } from './mcp.service';

/** `POST /v1/mcp`: the MCP endpoint; its tools run the feature modules' operations (their application services, imported here). */
@Module({
  imports: [
    MeModule,
    CatalogueModule,
    RenderingModule,
    DesignsModule,
    DesignOutputModule,
    CampaignsModule,
    VideosModule,
    JobsModule,
    AssetsModule,
    ArtifactsModule,
    BrandKitModule,
    IntelligenceModule,
    UsageModule,
    PreviewsModule,
  ],
  controllers: [McpController],
  providers: [mcpRunnerProvider, McpService],
  exports: [McpService],
})
export class McpModule {}
