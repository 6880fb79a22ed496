import { IsNotBlank } from '@platform/errors';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { Artifact } from '../artifact.entity';
import { ARTIFACT_KINDS } from '../artifact-types';

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

export class SignedContentQuery {
  @ApiProperty({ type: 'integer', description: 'Unix seconds, as in the signed URL', example: 1767225600 })
  @Type(() => Number)
  @IsInt({ message: 'expires must be an integer' })
  @Min(0)
  expires: number;

  @ApiProperty({ description: 'HMAC-SHA256 (hex), as in the signed URL' })
  @IsString()
  @IsNotBlank()
  @MaxLength(256)
  signature: string;
}

export class ArtifactDeletedDto {
  @ApiProperty({ example: 'art_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}
