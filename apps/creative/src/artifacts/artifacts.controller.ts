import { Controller, Delete, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Public } from '@platform/auth';
import type { Request, Response } from 'express';
import { deliver } from '../common/content-delivery';
import { ContentResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { ARTIFACT_MIME_TYPES } from './artifact-types';
import { ArtifactsService } from './artifacts.service';
import { currentIdempotencyClaim, IdempotentEffect } from '@platform/http';
import { ARTIFACT_DELETE_EFFECT, ArtifactsUseCases } from './artifacts.use-cases';
import {
  ARTIFACT_PAGE_DEFAULT,
  ARTIFACT_PAGE_MAX,
  ArtifactDeletedDto,
  ArtifactDto,
  ArtifactListDto,
  ListArtifactsQuery,
  SignedUrlDto,
  SignedUrlQuery,
} from './dto/artifact.dto';
import { SignedContentQuery } from '../common/signed-content.dto';
import type { Artifact } from './artifact.entity';
import { atInput } from '@platform/errors';

const ARTIFACT_ID = ApiParam({ name: 'artifact_id', example: 'art_01jdz3k5q8c9w3m5y4x0b7n2ph' });
const notFound = ApiResponse({ status: 404, type: ErrorDto, description: "not_found (also for another account's artifact)" });
const CONTENT_RULES =
  'Streamed with its `Content-Type`, `Content-Length`, a strong `ETag` (304 for `If-None-Match`) and `Range` support (206). ' +
  'Served as a sandboxed document (`Content-Security-Policy: sandbox`, `X-Content-Type-Options: nosniff`); raster images, audio and video inline, everything else (SVG, HTML, PDF...) as an attachment.';

@ApiTags('artifacts')
@ErrorResponses()
@Controller('v1/artifacts')
export class ArtifactsController {
  constructor(
    private readonly useCases: ArtifactsUseCases,
    private readonly artifacts: ArtifactsService,
  ) {}

  private send(req: Request, res: Response, a: Artifact) {
    return deliver(req, res, { size: a.bytes, sha256: a.sha256, mime: a.mime, filename: a.filename, open: (range) => this.artifacts.open(a, range) });
  }

  @Get()
  @ApiOperation({
    summary: 'List artifacts',
    description:
      `Newest first. \`limit\` ${ARTIFACT_PAGE_DEFAULT} by default, at most ${ARTIFACT_PAGE_MAX}; pass \`next_cursor\` as \`cursor\` for the next page (null on the last). ` +
      'Filters (combined with AND): `design_id`, `job_id`, `kind`, `mime`, `created_after` (inclusive) and `created_before` (exclusive), ISO 8601. ' +
      'Another account\'s design or job id finds nothing. Unknown query parameters answer 422 `extra_forbidden` at `["query",name]`.',
  })
  @ApiOkResponse({ type: ArtifactListDto })
  async list(@Auth() auth: AuthContext, @Query() query: ListArtifactsQuery): Promise<ArtifactListDto> {
    return atInput('query', () => this.useCases.list(auth, query));
  }

  @Get(':artifact_id')
  @ARTIFACT_ID
  @ApiOperation({
    summary: 'One artifact',
    description: 'An output of the service (render, preview, export, video, campaign piece...) and where it came from.',
  })
  @ApiOkResponse({ type: ArtifactDto })
  @notFound
  async get(@Auth() auth: AuthContext, @Param('artifact_id') id: string): Promise<ArtifactDto> {
    return this.useCases.get(auth, id);
  }

  @Get(':artifact_id/content')
  @ARTIFACT_ID
  @ApiOperation({ summary: "The artifact's bytes", description: CONTENT_RULES })
  @ContentResponses(ARTIFACT_MIME_TYPES)
  @notFound
  async content(@Auth() auth: AuthContext, @Param('artifact_id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, await this.artifacts.get(auth.accountId, id));
  }

  @Get(':artifact_id/signed-url')
  @ARTIFACT_ID
  @ApiOperation({
    summary: 'A URL that reads the artifact without credentials',
    description:
      'Valid for `ttl` seconds (default 3600, from `SIGNED_URL_TTL_MIN` 60 to `SIGNED_URL_TTL_MAX` 604800; outside: 422 at `["query","ttl"]`). ' +
      'With local storage, this service’s `…/signed-content` URL, signed with HMAC-SHA256 over the artifact id and the expiry; an expired ' +
      'one answers 403 `signature_expired`, a changed or foreign one 403 `signature_invalid`. With S3 storage, an S3 presigned GET that ' +
      'answers with the same `Content-Type` and `Content-Disposition` (S3 answers its own errors). Anyone holding the URL can read the artifact until it expires.',
  })
  @ApiOkResponse({ type: SignedUrlDto })
  @notFound
  async signedUrl(@Auth() auth: AuthContext, @Param('artifact_id') id: string, @Query() query: SignedUrlQuery): Promise<SignedUrlDto> {
    return atInput('query', () => this.useCases.signedUrl(auth, id, query.ttl));
  }

  @Get(':artifact_id/signed-content')
  @Public()
  @ARTIFACT_ID
  @ApiOperation({
    summary: "The artifact's bytes through a signed URL (no credentials)",
    description: `The URL \`GET …/signed-url\` hands out with local storage. The signature is checked first (403 \`signature_invalid\`), then the expiry (403 \`signature_expired\`). ${CONTENT_RULES}`,
  })
  @ContentResponses(ARTIFACT_MIME_TYPES)
  @ApiResponse({ status: 403, type: ErrorDto, description: 'signature_invalid (changed, foreign or malformed), signature_expired' })
  @notFound
  async signedContent(@Param('artifact_id') id: string, @Query() query: SignedContentQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, await this.artifacts.resolveSigned(id, query.expires, query.signature));
  }

  @Delete(':artifact_id')
  @ARTIFACT_ID
  @ApiOperation({
    summary: 'Delete an artifact',
    description:
      'Its bytes go too, unless another artifact of the account has the same bytes (they share one stored copy). ' +
      'With an `Idempotency-Key`, a retry after the process deleting it died (its hold on the key lapsed, about 30 s) answers 200 when that process deleted it, or deletes it.',
  })
  @ApiOkResponse({ type: ArtifactDeletedDto })
  @notFound
  @IdempotentEffect(ARTIFACT_DELETE_EFFECT)
  async remove(@Auth() auth: AuthContext, @Param('artifact_id') id: string): Promise<ArtifactDeletedDto> {
    return this.useCases.remove(auth, id, currentIdempotencyClaim()?.ref ?? null);
  }
}
