import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { SignedContentQuery } from '../common/signed-content.dto';
import { deliver } from '../common/content-delivery';
import { ContentResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { PreviewLinks } from './preview-links.service';

/** The signed links of the previews MCP results show (preview_design, get_template_preview): the only way to read one. */
@ApiTags('previews')
@ErrorResponses()
@Controller('v1/previews')
export class PreviewLinksController {
  constructor(private readonly previews: PreviewLinks) {}

  @Get(':preview_id/signed-content')
  @Public()
  @ApiParam({ name: 'preview_id', example: 'prv_3f1c9a0b7d2e4c58_1767225600_9b2f0c4d8e1a7f3b5c6d0e9f1a2b3c4d' })
  @ApiOperation({
    summary: 'A preview through its signed link (no credentials)',
    description:
      'The link MCP results give with `preview_design` and `get_template_preview` pictures: the preview as rendered (its width and format), ' +
      'stored for the link’s hour and then removed by the preview sweep (an account keeps at most `PREVIEW_LINKS_PER_ACCOUNT`; storing more removes its oldest). ' +
      'HMAC-SHA256 over `preview:<id>` and the expiry, with the key of artifact and asset links (a signature of another kind never opens a preview); with S3 storage an S3 presigned GET instead. ' +
      'The signature is checked first (403 `signature_invalid`: changed, foreign or malformed), then the expiry (403 `signature_expired`); a removed preview is 404. ' +
      'No route reads a preview with an API key.',
  })
  @ContentResponses(['image/png', 'image/jpeg', 'image/webp'])
  @ApiResponse({ status: 403, type: ErrorDto, description: 'signature_invalid (changed, foreign or malformed), signature_expired' })
  @ApiResponse({ status: 404, type: ErrorDto, description: 'not_found: removed (expired, or over the per-account cap)' })
  async signedContent(@Param('preview_id') id: string, @Query() query: SignedContentQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    const preview = await this.previews.resolveSigned(id, query.expires, query.signature);
    await deliver(req, res, {
      size: preview.bytes.length,
      sha256: preview.sha256,
      mime: preview.mime,
      filename: null,
      open: async (range) => Readable.from(range ? preview.bytes.subarray(range.start, range.end + 1) : preview.bytes),
    });
  }
}
