import { Module } from '@nestjs/common';
import { PreviewLinksController } from './preview-links.controller';
import { PreviewLinks } from './preview-links.service';
import { PreviewSweep } from './preview-sweep.service';

/** Stored previews behind the signed links of MCP results, their public route and their sweep (blob store and signer: StorageModule). */
@Module({
  controllers: [PreviewLinksController],
  providers: [PreviewLinks, PreviewSweep],
  exports: [PreviewLinks, PreviewSweep],
})
export class PreviewsModule {}
