import { Module } from '@nestjs/common';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { AssetsUseCases } from './assets.use-cases';
import { MediaInspector } from './media/media-inspector.service';
import { MultipartFileGuard } from './upload/multipart-file.guard';

@Module({
  controllers: [AssetsController],
  providers: [AssetsService, AssetsUseCases, MediaInspector, MultipartFileGuard],
  exports: [AssetsService, AssetsUseCases, MediaInspector],
})
export class AssetsModule {}
