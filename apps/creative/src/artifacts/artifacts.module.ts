import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsRepository } from './artifacts.repository';
import { ArtifactsService } from './artifacts.service';
import { ArtifactsUseCases } from './artifacts.use-cases';
import { BlobSweep } from './blob-sweep.service';
import { SignedUrlReplay } from './signed-url-replay';

@Module({
  // The blob sweep asks assets (AssetsRepository) whether an asset still names a blob.
  imports: [AssetsModule],
  controllers: [ArtifactsController],
  // SignedUrlReplay: idempotent replays hand back freshly signed URLs.
  providers: [ArtifactsRepository, ArtifactsService, ArtifactsUseCases, BlobSweep, SignedUrlReplay],
  exports: [ArtifactsRepository, ArtifactsService, ArtifactsUseCases, BlobSweep],
})
export class ArtifactsModule {}
