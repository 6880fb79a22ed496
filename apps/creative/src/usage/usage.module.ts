import { Module } from '@nestjs/common';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { AssetsModule } from '../assets/assets.module';
import { JobsModule } from '../jobs/jobs.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** Usage events, their summary and the account's metrics: above billing (whose events and balance it reads), jobs, assets and artifacts. */
@Module({ imports: [JobsModule, AssetsModule, ArtifactsModule], controllers: [UsageController], providers: [UsageService], exports: [UsageService] })
export class UsageModule {}
