import { Module } from '@nestjs/common';
import { AssetReferencesPort } from './asset-references.port';
import { AssetsController } from './assets.controller';
import { AssetsRepository } from './assets.repository';
import { AssetsService } from './assets.service';
import { AssetsUseCases } from './assets.use-cases';
import { MediaInspector } from './media/media-inspector.service';
import { MultipartFileGuard } from './upload/multipart-file.guard';

@Module({
  controllers: [AssetsController],
  providers: [AssetReferencesPort, AssetsRepository, AssetsService, AssetsUseCases, MediaInspector, MultipartFileGuard],
  exports: [AssetsRepository, AssetsService, AssetsUseCases, MediaInspector, AssetReferencesPort],
})
export class AssetsModule {}
