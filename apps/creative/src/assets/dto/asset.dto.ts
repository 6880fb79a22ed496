import { ApiProperty, ApiPropertyOptional, type OpenAPIObject } from '@nestjs/swagger';
import { CursorField, LimitField } from '@platform/http';
import { IsNotBlank } from '@platform/errors';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Asset } from '../asset.entity';
import { ASSET_KINDS, AssetKind } from '../media/media-types';
import { operationSchema } from './transform-asset.dto';
import { MAX_LIST_LIMIT } from '../../common/list-limit';

export const ASSET_PAGE_DEFAULT = 25;
export const ASSET_PAGE_MAX = MAX_LIST_LIMIT;

export class AssetDto {
  @ApiProperty({ example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ enum: ASSET_KINDS, example: 'image', description: 'Decided from the bytes, never from the file name or the declared type' }) kind: AssetKind;
  @ApiProperty({ example: 'image/png' }) mime: string;
  @ApiProperty({ example: 'png', description: 'png, jpeg, webp, avif, gif, tiff, svg; ttf, otf, woff, woff2; mp3, wav, ogg, m4a, aac, flac' }) format: string;
  @ApiProperty({ type: 'integer', example: 48213 }) bytes: number;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }) sha256: string;
  @ApiProperty({ type: String, nullable: true, example: 'logo.png' }) filename: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 1200, description: 'Images: pixels, after EXIF orientation' }) width: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 630 }) height: number | null;
  @ApiProperty({ type: Number, nullable: true, example: null, description: 'Audio: seconds' }) duration: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'Audio' }) channels: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'Audio: Hz' }) sample_rate: number | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Fonts: the family name in the font' }) family: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'Fonts: 100..900' }) weight: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ['normal', 'italic'], example: null, description: 'Fonts' }) style: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Transforms: the asset this one was made from' }) source_asset_id: string | null;
  @ApiProperty({ type: 'array', nullable: true, items: operationSchema(), example: null, description: 'Transforms: the operations applied' })
  operations: Record<string, unknown>[] | null;
  @ApiProperty({ example: 'http://localhost:3100/v1/assets/ast_01jdz3k5q8c9w3m5y4x0b7n2ph/content', description: 'The bytes (same credentials)' })
  content_url: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(a: Asset, baseUrl: string): AssetDto {
    return {
      id: a.id,
      kind: a.kind,
      mime: a.mime,
      format: a.format,
      bytes: a.bytes,
      sha256: a.sha256,
      filename: a.filename,
      width: a.width,
      height: a.height,
      duration: a.duration,
      channels: a.channels,
      sample_rate: a.sampleRate,
      family: a.family,
      weight: a.weight,
      style: a.style,
      source_asset_id: a.sourceAssetId,
      operations: a.operations,
      content_url: `${baseUrl}/v1/assets/${a.id}/content`,
      created_at: a.createdAt.toISOString(),
    };
  }
}

export class AssetListDto {
  @ApiProperty({ type: [AssetDto] }) data: AssetDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page', example: null })
  next_cursor: string | null;
}

export class ListAssetsQuery {
  @LimitField(ASSET_PAGE_DEFAULT, ASSET_PAGE_MAX) limit?: number;
  @CursorField() cursor?: string;
  @ApiPropertyOptional({ enum: ASSET_KINDS, description: 'Only assets of this kind' })
  @IsOptional()
  @IsIn(ASSET_KINDS, { message: `kind must be one of ${ASSET_KINDS.join(', ')}` })
  kind?: AssetKind;
}

export class AssetDeletedDto {
  @ApiProperty({ example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}

/** `POST /v1/assets` as JSON: an image (or a font) fetched from a URL instead of uploaded. */
export class ImportAssetDto {
  @ApiProperty({
    maxLength: 2048,
    example: 'https://images.example.com/spring/hero.jpg',
    description:
      'An http(s) URL the service downloads (at most 3 redirects; every address dialled, redirects included, must be public: private, loopback and ' +
      'link-local addresses are refused). The bytes are checked exactly as an upload: 413 `payload_too_large` over `ASSET_UPLOAD_LIMIT`, 422 ' +
      '`unsupported_file` or `image_too_large` at `["body","url"]`. A URL that cannot be fetched (refused address, not 2xx, too many redirects, ' +
      'over `ASSET_IMPORT_TIMEOUT_MS`) answers 422 `url_not_fetched` at `["body","url"]`.',
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: "The asset's filename; default the last segment of the URL's path" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  filename?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  idempotency_key?: string | null;
}

/**
 * The OpenAPI document's `POST /v1/assets` JSON body: `ImportAssetDto` (the multipart body keeps its file schema;
 * Nest's decorators give one schema to every media type of an operation).
 */
export function withAssetImportBody(doc: OpenAPIObject): OpenAPIObject {
  const op = doc.paths['/v1/assets']?.post as unknown as { requestBody?: { content?: Record<string, { schema: unknown }> } } | undefined;
  const json = op?.requestBody?.content?.['application/json'];
  if (json) json.schema = { $ref: '#/components/schemas/ImportAssetDto' };
  return doc;
}
