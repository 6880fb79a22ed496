import { Module } from '@nestjs/common';
import { ArtifactsController } from './artifacts.controller';
import { ArtifactsService } from './artifacts.service';
import { BlobSweep } from './blob-sweep.service';

@Module({ controllers: [ArtifactsController], providers: [ArtifactsService, BlobSweep], exports: [ArtifactsService, BlobSweep] })
export class ArtifactsModule {}
