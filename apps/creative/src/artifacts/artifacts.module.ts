import { Module } from '@nestjs/common';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsService } from './artifacts.service';
import { ArtifactsUseCases } from './artifacts.use-cases';
import { BlobSweep } from './blob-sweep.service';

@Module({
  controllers: [ArtifactsController],
  providers: [ArtifactsService, ArtifactsUseCases, BlobSweep],
  exports: [ArtifactsService, ArtifactsUseCases, BlobSweep],
})
export class ArtifactsModule {}
