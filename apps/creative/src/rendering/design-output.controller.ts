import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import type { Response } from 'express';
import { BillingResponses, ErrorDto, ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import { DesignOutputUseCases } from './design-output.use-cases';
import { PreviewQuery } from './dto/preview.dto';
import { RenderRequestDto, RenderResultDto } from './dto/render-result.dto';
import { atInput } from '@platform/errors';
import { currentIdempotencyClaim, IdempotentEffect, RERUN_EFFECT } from '@platform/http';

const binary = { schema: { type: 'string', format: 'binary' } };

@ApiTags('designs')
@ErrorResponses()
@RenderErrorResponses()
@ApiParam({ name: 'design_id', example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' })
@Controller('v1/designs')
export class DesignOutputController {
  constructor(private readonly outputs: DesignOutputUseCases) {}

  @Post(':design_id/render')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Render the current revision into an artifact',
    description:
      '`format` png (default), jpeg, webp, avif, svg or pdf; `width` and/or `height` scale raster output (both must keep the aspect ratio); `quality` for ' +
      'jpeg, webp and avif. Answers the artifact record with its content URL and a signed URL (one hour). The same revision with the same options is ' +
      'answered from the stored artifact (`cached: true`), not drawn again; any change makes a new revision, rendered anew.',
  })
  @ApiOkResponse({ type: RenderResultDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  @BillingResponses()
  // A render's effect is its charge, and drawing it again is answered from its stored artifact: a key whose process
  // died always runs again, and the render's reservation, found by the key's claim, charges it once (captured: not
  // charged again; held by the dead process: settled by this run).
  @IdempotentEffect(RERUN_EFFECT)
  async render(@Auth() auth: AuthContext, @Param('design_id') id: string, @Body() body: RenderRequestDto): Promise<RenderResultDto> {
    return this.outputs.render(auth, id, body, currentIdempotencyClaim()?.ref ?? null);
  }

  @Get(':design_id/preview')
  @ApiOperation({
    summary: 'A preview image of the design',
    description:
      'The current revision (or `revision`) drawn `width` pixels wide (default 480) as PNG (default), JPEG or WebP: the image bytes, with a strong `ETag` ' +
      '(design, revision, width and format) and `Cache-Control: private, max-age=N` (PREVIEW_MAX_AGE_SECONDS, default 0: revalidate with If-None-Match, which answers 304). ' +
      'Rendered previews are kept in memory, so repeated requests are fast.',
  })
  @ApiOkResponse({
    description: 'The image',
    content: { 'image/png': binary, 'image/jpeg': binary, 'image/webp': binary },
    headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'If-None-Match names this preview' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (the design, or its revision)' })
  async preview(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Query() query: PreviewQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const preview = await atInput('query', () => this.outputs.preview(auth, id, query, ifNoneMatch));
    res.setHeader('ETag', preview.etag);
    res.setHeader('Cache-Control', preview.cacheControl);
    if (!preview.content) {
      res.status(304).end();
      return;
    }
    res.status(200).type(preview.content.mime).send(preview.content.data);
  }

  @Get(':design_id/export/html')
  @ApiOperation({
    summary: 'The design as a standalone HTML page',
    description:
      "The Creative IR library's HTML export of the current revision: every node absolutely positioned at its computed box and every text line at its line box, " +
      'the used fonts embedded (cut to the characters drawn), images inlined: it looks like the render in a browser.',
  })
  @ApiOkResponse({ description: 'The HTML page', content: { 'text/html': { schema: { type: 'string' } } }, headers: { ETag: { schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'If-None-Match names this export' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  async html(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    // The design (`design_id`) is the whole input: a render failure is located at the path.
    const page = await atInput('path', () => this.outputs.html(auth, id, ifNoneMatch));
    res.setHeader('ETag', page.etag);
    res.setHeader('Cache-Control', page.cacheControl);
    if (!page.content) {
      res.status(304).end();
      return;
    }
    res.status(200).type('text/html; charset=utf-8').setHeader('Content-Disposition', `inline; filename="${page.content.filename}"`).send(page.content.html);
  }
}
