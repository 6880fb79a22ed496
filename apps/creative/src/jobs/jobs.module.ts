import { Module } from '@nestjs/common';
import { SecretsBox } from '@platform/outbound';
import { ArtifactsModule } from '../artifacts/artifacts.module';
import { CallbackSecretsController } from './callback-secrets.controller';
import { CallbacksProcessor } from './callbacks.processor';
import { CallbacksRepository } from './callbacks.repository';
import { CallbacksService } from './callbacks.service';
import { JobHandlers } from './job-handlers';
import { JobsForBilling } from './jobs-for-billing';
import { JobViews } from './job-views.service';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsRecovery } from './jobs-recovery.service';
import { JobsService } from './jobs.service';
import { JobsUseCases } from './jobs.use-cases';
import { MediaProcessor } from './media.processor';

/** Durable jobs (media queue), their callbacks (callbacks queue), the recovery sweep. Features import it for JobsService and JobHandlers. */
@Module({
  imports: [ArtifactsModule],
  controllers: [JobsController, CallbackSecretsController],
  providers: [
    SecretsBox,
    JobsRepository,
    CallbacksRepository,
    JobViews,
    CallbacksService,
    JobsService,
    JobsUseCases,
    JobsForBilling,
    JobHandlers,
    MediaProcessor,
    CallbacksProcessor,
    JobsRecovery,
  ],
  exports: [JobsService, JobsUseCases, JobsForBilling, JobHandlers, JobViews],
})
export class JobsModule {}
