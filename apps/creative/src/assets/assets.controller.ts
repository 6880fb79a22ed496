import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Public } from '@platform/auth';
import type { Request, Response } from 'express';
import { BillingResponses, ContentResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { deliver } from '../common/content-delivery';
import { AssetsService } from './assets.service';
import { ASSET_DELETE_EFFECT, AssetsUseCases, TRANSFORM_EFFECT, UPLOAD_EFFECT } from './assets.use-cases';
import { AssetDeletedDto, AssetDto, AssetListDto, ImportAssetDto, ListAssetsQuery, ASSET_PAGE_DEFAULT } from './dto/asset.dto';
import { TransformAssetDto } from './dto/transform-asset.dto';
import { SignedContentQuery } from '../common/signed-content.dto';
import { OPERATION_CLASSES } from './dto/transform-operations.dto';
import { ASSET_MIME_TYPES } from './media/media-types';
import { AcceptsJson, MaybeUploadedFile, MultipartFileGuard, ReceivedFile, UploadedFile } from './upload/multipart-file.guard';
import { atInput, atInputs } from '@platform/errors';
import { currentIdempotencyClaim, IdempotentEffect } from '@platform/http';

const fileSchema = (what: string) => ({
  type: 'object' as const,
  required: ['file'],
  additionalProperties: false,
  properties: { file: { type: 'string' as const, format: 'binary', description: what } },
});
const uploadBody = (what: string) => ApiBody({ required: true, schema: fileSchema(what) });

const ASSET_ID = ApiParam({ name: 'asset_id', example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph' });
const tooLarge = ApiResponse({ status: 413, type: ErrorDto, description: 'payload_too_large: the file is over `ASSET_UPLOAD_LIMIT` (64 MiB by default)' });
const conflict = ApiResponse({ status: 409, type: ErrorDto, description: 'idempotency_key_reused, idempotency_in_progress' });
const notFound = ApiResponse({ status: 404, type: ErrorDto, description: "not_found (also for another account's asset)" });

const UPLOAD_RULES =
  'Multipart body with exactly one part, `file`. What the file is, is decided from its bytes (magic numbers, then a real parse: ' +
  'sharp for images, the font tables for fonts, ffprobe for audio), never from its name or declared type; bytes that are not what ' +
  'they start like answer 422 `unsupported_file` at `["body","file"]`. A body that is not multipart, lacks `file`, has another ' +
  'part or two files answers 422 at `["body","file"]` (or at the extra part). Over `ASSET_UPLOAD_LIMIT` (64 MiB): 413 ' +
  '`payload_too_large`. An upload that fails leaves nothing stored. `Idempotency-Key` header: the same key with the same file ' +
  'replays the first answer; with another file, 409. A retry after the process storing the upload died (its hold on the key ' +
  'lapsed, about 30 s) answers 200 with the asset that process stored (the same `id`), or stores the file when it stored none: one asset either way.';

@ApiTags('assets')
@ErrorResponses()
@ApiExtraModels(...Object.values(OPERATION_CLASSES), ImportAssetDto)
@Controller('v1/assets')
export class AssetsController {
  constructor(
    private readonly useCases: AssetsUseCases,
    private readonly assets: AssetsService,
  ) {}

  @Post()
  @HttpCode(200)
  @AcceptsJson()
  @UseGuards(MultipartFileGuard)
  @IdempotentEffect(UPLOAD_EFFECT)
  @ApiOperation({
    summary: 'Upload an image or a font, or import one from a URL',
    description:
      `Images: PNG, JPEG, WebP, AVIF, GIF, TIFF, SVG (width and height are recorded; images over \`ASSET_MAX_PIXELS\`, 67,108,864 by default, ` +
      `answer 422 \`image_too_large\`, read from the header before anything is decoded). Fonts: TTF, OTF, WOFF, WOFF2 (family, weight and ` +
      `style are read from the font), usable in designs and text watermarks. ${UPLOAD_RULES} ` +
      'Import by URL: a JSON body `{"url": "https://…"}` (`ImportAssetDto`) instead of multipart: the service downloads the file through its ' +
      'SSRF-guarded fetch (http(s) only, no credentials in the URL, at most 3 redirects, every address dialled public unless ' +
      '`ASSET_IMPORT_ALLOW_PRIVATE`, the whole download within `ASSET_IMPORT_TIMEOUT_MS`) and checks it exactly as an upload, with the same ' +
      'errors at `["body","url"]`; a URL that cannot be fetched answers 422 `url_not_fetched` there.',
  })
  @ApiConsumes('multipart/form-data', 'application/json')
  @uploadBody('An image (PNG, JPEG, WebP, AVIF, GIF, TIFF, SVG) or a font (TTF, OTF, WOFF, WOFF2)')
  @ApiOkResponse({ type: AssetDto })
  @tooLarge
  @conflict
  async upload(@Auth() auth: AuthContext, @MaybeUploadedFile() file: ReceivedFile | undefined, @Req() req: Request): Promise<AssetDto> {
    return this.useCases.uploadOrImport(auth, file, req.body, currentIdempotencyClaim()?.ref ?? null);
  }

  @Get()
  @ApiOperation({
    summary: 'List assets',
    description: `Newest first. \`limit\` ${ASSET_PAGE_DEFAULT} by default, at most 100; pass \`next_cursor\` as \`cursor\` for the next page (null on the last). \`kind\` filters.`,
  })
  @ApiOkResponse({ type: AssetListDto })
  async list(@Auth() auth: AuthContext, @Query() query: ListAssetsQuery): Promise<AssetListDto> {
    return atInput('query', () => this.useCases.list(auth, query));
  }

  @Post('audio')
  @HttpCode(200)
  @UseGuards(MultipartFileGuard)
  @IdempotentEffect(UPLOAD_EFFECT)
  @ApiOperation({
    summary: 'Upload audio',
    description:
      `MP3, WAV, OGG (Vorbis, Opus), M4A (AAC, ALAC), raw AAC (ADTS), FLAC; duration, channels and sample rate are recorded. Longer than ` +
      `\`AUDIO_MAX_SECONDS\` (600 by default): 422 \`audio_too_long\`. Files with a video track are refused. ${UPLOAD_RULES}`,
  })
  @ApiConsumes('multipart/form-data')
  @uploadBody('Audio: MP3, WAV, OGG/Opus, M4A/AAC, FLAC')
  @ApiOkResponse({ type: AssetDto })
  @tooLarge
  @conflict
  async uploadAudio(@Auth() auth: AuthContext, @UploadedFile() file: ReceivedFile): Promise<AssetDto> {
    return this.useCases.uploadAudio(auth, file, currentIdempotencyClaim()?.ref ?? null);
  }

  @Post(':asset_id/transform')
  @HttpCode(200)
  @IdempotentEffect(TRANSFORM_EFFECT)
  @ASSET_ID
  @ApiOperation({
    summary: 'Transform an image into a new asset',
    description:
      'Applies 1 to 24 `operations` in order (sharp) and stores the result as a new image asset with `source_asset_id` and the ' +
      '`operations` recorded. Each operation is an object with `type` and its fields (see the union below); a problem with one ' +
      'answers 422 at `["body","operations",i,"field"]`. An operation that would make an image over `ASSET_MAX_PIXELS` or 16383 px ' +
      'a side answers 422 `image_too_large` at `["body","operations",i]`. The source must be an image asset (422 at ' +
      '`["path","asset_id"]` otherwise). `overlay` takes another image asset of the caller; `text` draws with the bundled fonts or ' +
      'a font asset. GIF sources use their first frame. ' +
      'With an `Idempotency-Key`, a retry after the process running the transform died (its hold on the key lapsed, about 30 s) ' +
      'answers 200 with the asset that process stored (the same `id`), or runs the transform when it stored none: one asset and one charge either way.',
  })
  @ApiOkResponse({ type: AssetDto })
  @notFound
  @conflict
  @ApiResponse({
    status: 504,
    type: ErrorDto,
    description:
      'transform_timeout: the operations did not finish within TRANSFORM_TIMEOUT_MS (60 s by default, all of them together); the work is stopped, nothing is stored or charged',
  })
  @BillingResponses()
  async transform(@Auth() auth: AuthContext, @Param('asset_id') assetId: string, @Body() body: TransformAssetDto): Promise<AssetDto> {
    // The source (`asset_id`, not an image or unreadable) is the path's; everything else is the body's.
    return atInputs({ asset_id: 'path' }, 'body', () => this.useCases.transform(auth, assetId, body, currentIdempotencyClaim()?.ref ?? null));
  }

  @Get(':asset_id')
  @ASSET_ID
  @ApiOperation({ summary: 'One asset' })
  @ApiOkResponse({ type: AssetDto })
  @notFound
  async get(@Auth() auth: AuthContext, @Param('asset_id') assetId: string): Promise<AssetDto> {
    return this.useCases.get(auth, assetId);
  }

  @Get(':asset_id/content')
  @ASSET_ID
  @ApiOperation({
    summary: "The asset's bytes",
    description:
      'Streamed with its `Content-Type`, `Content-Length`, a strong `ETag` (304 for `If-None-Match`) and `Range` support (206). ' +
      'Served as a sandboxed document (`Content-Security-Policy: sandbox`, `X-Content-Type-Options: nosniff`); SVG and fonts as attachments, so no uploaded file runs script in a browser.',
  })
  @ContentResponses(ASSET_MIME_TYPES)
  @notFound
  async content(@Auth() auth: AuthContext, @Param('asset_id') assetId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asset = await this.assets.get(auth.accountId, assetId);
    await deliver(req, res, {
      size: asset.bytes,
      sha256: asset.sha256,
      mime: asset.mime,
      filename: asset.filename,
      open: (range) => this.assets.open(asset, range),
    });
  }

  @Get(':asset_id/signed-content')
  @Public()
  @ASSET_ID
  @ApiOperation({
    summary: "The asset's bytes through a signed URL (no credentials)",
    description:
      'The link MCP results give with every asset (upload_asset, get_asset, transform_asset, list_assets…), valid for an hour: ' +
      'HMAC-SHA256 over the asset id and the expiry, as the signed URLs of artifacts (with S3 storage, an S3 presigned GET instead). ' +
      'The signature is checked first (403 `signature_invalid`: changed, foreign or malformed), then the expiry (403 `signature_expired`). ' +
      'Served as `…/content` is (sandboxed, `Range`, `ETag`).',
  })
  @ContentResponses(ASSET_MIME_TYPES)
  @ApiResponse({ status: 403, type: ErrorDto, description: 'signature_invalid (changed, foreign or malformed), signature_expired' })
  @notFound
  async signedContent(@Param('asset_id') assetId: string, @Query() query: SignedContentQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asset = await this.assets.resolveSigned(assetId, query.expires, query.signature);
    await deliver(req, res, {
      size: asset.bytes,
      sha256: asset.sha256,
      mime: asset.mime,
      filename: asset.filename,
      open: (range) => this.assets.open(asset, range),
    });
  }

  @Delete(':asset_id')
  @ASSET_ID
  @ApiOperation({
    summary: 'Delete an asset',
    description:
      'Removes the record and its bytes. An asset the brand kit uses as its logo answers 409 `asset_in_use`: change the brand kit first. ' +
      'With an `Idempotency-Key`, a retry after the process deleting it died (its hold on the key lapsed, about 30 s) answers 200 when that process deleted it, or deletes it.',
  })
  @ApiOkResponse({ type: AssetDeletedDto })
  @notFound
  @ApiResponse({ status: 409, type: ErrorDto, description: 'asset_in_use: the brand kit uses it as its logo' })
  @IdempotentEffect(ASSET_DELETE_EFFECT)
  async remove(@Auth() auth: AuthContext, @Param('asset_id') assetId: string): Promise<AssetDeletedDto> {
    return this.useCases.remove(auth, assetId, currentIdempotencyClaim()?.ref ?? null);
  }
}
