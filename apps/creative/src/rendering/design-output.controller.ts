import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { NotFoundError } from '@platform/errors';
import type { Response } from 'express';
import { Metering, renderCharge } from '../billing/metering';
import { BillingResponses, ErrorDto, ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import type { CreativeConfig } from '../config';
import { DesignRendersService } from './design-renders.service';
import { DESIGN_SOURCE, type DesignSource } from './design-source.port';
import { PreviewQuery } from './dto/preview.dto';
import { RenderRequestDto, RenderResultDto } from './dto/render-result.dto';
import { PREVIEW_WIDTH_DEFAULT, PreviewService } from './preview.service';
import { renderLocs, RenderService, resolveRender } from './render.service';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
const binary = { schema: { type: 'string', format: 'binary' } };
const IMMUTABLE = 'private, max-age=31536000, immutable';

const matches = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === '*');

@ApiTags('designs')
@ErrorResponses()
@RenderErrorResponses()
@ApiParam({ name: 'design_id', example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' })
@Controller('v1/designs')
export class DesignOutputController {
  constructor(
    @Inject(DESIGN_SOURCE) private readonly designs: DesignSource,
    private readonly renders: RenderService,
    private readonly previews: PreviewService,
    private readonly stored: DesignRendersService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
  ) {}

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
  async render(@Auth() auth: AuthContext, @Param('design_id') id: string, @Body() body: RenderRequestDto): Promise<RenderResultDto> {
    const design = await this.designs.outline(auth.accountId, id);
    const resolved = resolveRender(design.width, design.height, body, ['body']);
    // Read beside the cache lookup: a stored render does not need it, a new one does not wait for it.
    const ir = this.designs.revisionIr(design.id, design.revision);
    ir.catch(() => undefined);
    const out = await this.metering.metered({ accountId: auth.accountId, credentialId: auth.credentialId, designId: design.id }, renderCharge(resolved), () =>
      this.stored.render(auth.accountId, { designId: design.id, revision: design.revision, ir: () => ir }, resolved, renderLocs(['body'])),
    );
    return RenderResultDto.from(design.id, design.revision, out, this.config.publicBaseUrl);
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
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found (design) or revision_not_found' })
  async preview(
    @Auth() auth: AuthContext,
    @Param('design_id') id: string,
    @Query() query: PreviewQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const design = await this.designs.outline(auth.accountId, id);
    const revision = query.revision ?? design.revision;
    if (revision > design.revision) throw new NotFoundError(`Design ${id} has no revision ${revision} (its revisions are 1 to ${design.revision})`, 'revision_not_found');
    const width = query.width ?? PREVIEW_WIDTH_DEFAULT;
    const format = query.format ?? 'png';
    const key = `preview:${design.id}:${revision}:${width}:${format}`;
    const etag = this.previews.etag(key);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', query.revision ? IMMUTABLE : `private, max-age=${this.config.rendering.previewMaxAgeSeconds}`);
    if (matches(ifNoneMatch, etag)) {
      res.status(304).end();
      return;
    }
    // Previews are free (0 credits) but each drawn or served one is a usage event.
    const preview = await this.metering.metered({ accountId: auth.accountId, credentialId: auth.credentialId, designId: design.id }, { operation: 'preview', params: { width, format } }, () => this.previews.get(key, MIME[format], async () => {
      const ir = await this.designs.revisionIr(design.id, revision);
      const resolved = resolveRender(ir.width as number, ir.height as number, { format, width }, ['query']);
      return this.renders.render(auth.accountId, ir, resolved, { ir: ['query'], input: () => ['query', 'width'] });
    }));
    res.status(200).type(preview.mime).send(preview.data);
  }

  @Get(':design_id/export/html')
  @ApiOperation({
    summary: 'The design as a standalone HTML page',
    description:
      'The Creative IR library\'s HTML export of the current revision: every node absolutely positioned at its computed box and every text line at its line box, ' +
      'the used fonts embedded (cut to the characters drawn), images inlined: it looks like the render in a browser.',
  })
  @ApiOkResponse({ description: 'The HTML page', content: { 'text/html': { schema: { type: 'string' } } }, headers: { ETag: { schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'If-None-Match names this export' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  async html(@Auth() auth: AuthContext, @Param('design_id') id: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response): Promise<void> {
    const design = await this.designs.outline(auth.accountId, id);
    const etag = this.previews.etag(`html:${design.id}:${design.revision}`);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, max-age=0');
    if (matches(ifNoneMatch, etag)) {
      res.status(304).end();
      return;
    }
    const ir = await this.designs.revisionIr(design.id, design.revision);
    const html = await this.renders.html(auth.accountId, ir, design.title ?? undefined, { ir: ['path', 'design_id'], input: () => ['path', 'design_id'] });
    res.status(200).type('text/html; charset=utf-8').setHeader('Content-Disposition', `inline; filename="${design.id}.html"`).send(html);
  }
}
