import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { CursorField, LimitField } from '@platform/http';
import { IsISO8601, IsIn, IsInt, IsOptional, IsString, Matches } from 'class-validator';
import type { Artifact } from '../artifact.entity';
import { ARTIFACT_KINDS, ARTIFACT_MIME_TYPES } from '../artifact-types';

export class ArtifactSourceDto {
  @ApiProperty({ type: String, nullable: true, example: 'dsg_01jdz3k5q8c9w3m5y4x0b7n2ph' }) design_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 3, description: 'Revision of the design' }) revision: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) job_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The asset it was made from' }) asset_id: string | null;
}

export class ArtifactDto {
  @ApiProperty({ example: 'art_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ enum: ARTIFACT_KINDS, example: 'render' }) kind: string;
  @ApiProperty({ example: 'image/png' }) mime: string;
  @ApiProperty({ type: 'integer', example: 183204 }) bytes: number;
  @ApiProperty({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }) sha256: string;
  @ApiProperty({ type: String, nullable: true, example: 'post-1080.png' }) filename: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 1080 }) width: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 1080 }) height: number | null;
  @ApiProperty({ type: Number, nullable: true, example: null, description: 'Seconds (video, audio)' }) duration: number | null;
  @ApiProperty({ type: ArtifactSourceDto }) source: ArtifactSourceDto;
  @ApiProperty({ example: 'http://localhost:3100/v1/artifacts/art_01jdz3k5q8c9w3m5y4x0b7n2ph/content', description: 'The bytes (same credentials)' })
  content_url: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(a: Artifact, baseUrl: string): ArtifactDto {
    return {
      id: a.id,
      kind: a.kind,
      mime: a.mime,
      bytes: a.bytes,
      sha256: a.sha256,
      filename: a.filename,
      width: a.width,
      height: a.height,
      duration: a.duration,
      source: { design_id: a.designId, revision: a.designRevision, job_id: a.jobId, asset_id: a.assetId },
      content_url: `${baseUrl}/v1/artifacts/${a.id}/content`,
      created_at: a.createdAt.toISOString(),
    };
  }
}

export class SignedUrlQuery {
  @ApiPropertyOptional({
    type: 'integer',
    default: 3600,
    minimum: 60,
    maximum: 604800,
    description: 'Seconds the URL works; bounds `SIGNED_URL_TTL_MIN` (60) and `SIGNED_URL_TTL_MAX` (604800, 7 days); outside them 422 at `["query","ttl"]`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'ttl must be an integer' })
  ttl?: number;
}

export class SignedUrlDto {
  @ApiProperty({
    example: 'http://localhost:3100/v1/artifacts/art_01jdz3k5q8c9w3m5y4x0b7n2ph/signed-content?expires=1767225600&signature=3f1c…',
    description: 'Works without credentials until `expires_at`: this service’s HMAC-signed URL (local storage) or an S3 presigned GET',
  })
  url: string;
  @ApiProperty({ format: 'date-time', example: '2026-01-01T00:00:00.000Z' }) expires_at: string;
  @ApiProperty({ type: 'integer', example: 3600, description: 'Seconds from now' }) ttl: number;
}

export class ArtifactDeletedDto {
  @ApiProperty({ example: 'art_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}

export const ARTIFACT_PAGE_DEFAULT = 25;
export const ARTIFACT_PAGE_MAX = 100;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export class ListArtifactsQuery {
  @LimitField(ARTIFACT_PAGE_DEFAULT, ARTIFACT_PAGE_MAX) limit?: number;
  @CursorField() cursor?: string;

  @ApiPropertyOptional({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'Only artifacts made from this design' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'design_id is not a design id' })
  design_id?: string;

  @ApiPropertyOptional({ example: 'job_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'Only artifacts a job stored' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'job_id is not a job id' })
  job_id?: string;

  @ApiPropertyOptional({ enum: ARTIFACT_KINDS, description: 'Only artifacts of this kind' })
  @IsOptional()
  @IsIn(ARTIFACT_KINDS, { message: `kind must be one of ${ARTIFACT_KINDS.join(', ')}` })
  kind?: string;

  @ApiPropertyOptional({ enum: ARTIFACT_MIME_TYPES, description: 'Only artifacts of this media type (`image/png`, `video/mp4`…)' })
  @IsOptional()
  @IsIn(ARTIFACT_MIME_TYPES, { message: `mime must be one of ${ARTIFACT_MIME_TYPES.join(', ')}` })
  mime?: string;

  @ApiPropertyOptional({ format: 'date-time', example: '2026-01-01T00:00:00Z', description: 'Only artifacts created at or after this instant' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'created_after must be an ISO 8601 date-time' })
  created_after?: string;

  @ApiPropertyOptional({ format: 'date-time', example: '2026-02-01T00:00:00Z', description: 'Only artifacts created before this instant' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'created_before must be an ISO 8601 date-time' })
  created_before?: string;
}

export class ArtifactListDto {
  @ApiProperty({ type: [ArtifactDto] }) data: ArtifactDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page', example: null })
  next_cursor: string | null;
}
