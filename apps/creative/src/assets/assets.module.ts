import { Module } from '@nestjs/common';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { MediaInspector } from './media/media-inspector.service';
import { MultipartFileGuard } from './upload/multipart-file.guard';

@Module({
  controllers: [AssetsController],
  providers: [AssetsService, MediaInspector, MultipartFileGuard],
  exports: [AssetsService, MediaInspector],
})
export class AssetsModule {}
