import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { AssetsModule } from './assets/assets.module';
import { MeteringModule } from './billing/metering.module';
import { BrandKitModule } from './brand-kit/brand-kit.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { KnownQueryInterceptor } from './common/known-query.interceptor';
import type { CreativeConfig } from './config';
import { DesignOutputModule } from './designs/design-output.module';
import { DesignsModule } from './designs/designs.module';
import { IntelligenceModule } from './intelligence/intelligence.module';
import { JobsModule } from './jobs/jobs.module';
import { McpModule } from './mcp/mcp.module';
import { MeModule } from './me/me.module';
import { PreviewsModule } from './previews/previews.module';
import { OAuthModule } from './oauth/oauth.module';
import { RenderingModule } from './rendering/rendering.module';
import { StorageModule } from './storage/storage.module';
import { UsageModule } from './usage/usage.module';
import { VideosModule } from './videos/videos.module';

@Module({})
export class AppModule {
  static forRoot(config: CreativeConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        StorageModule.forRoot(config),
        MeteringModule,
        UsageModule,
        MeModule,
        BrandKitModule,
        AssetsModule,
        ArtifactsModule,
        CatalogueModule,
        RenderingModule,
        DesignsModule,
        DesignOutputModule,
        CampaignsModule,
        JobsModule,
        VideosModule,
        McpModule,
        PreviewsModule,
        OAuthModule,
        IntelligenceModule,
      ],
      // Every route refuses the query parameters it does not take (422 `extra_forbidden`).
      providers: [{ provide: APP_INTERCEPTOR, useClass: KnownQueryInterceptor }],
    };
  }
}
