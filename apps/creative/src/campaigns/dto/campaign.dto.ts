import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { ArtifactDto, SignedUrlDto } from '../../artifacts/dto/artifact.dto';
import { BRIEF_SCHEMA_REF } from '../../common/library-schemas';
import { RenderWarningDto } from '../../rendering/dto/render-result.dto';

export const CAMPAIGN_FORMATS_MAX = 12;
/** The formats of a campaign that names none. */
export const DEFAULT_CAMPAIGN_FORMATS = ['instagram_post', 'instagram_story', 'facebook_post', 'linkedin_post', 'x_post'] as const;

/** A format given as an object: a named format, or a size; and optionally the template of that piece. */
export class CampaignFormatDto {
  @ApiPropertyOptional({ example: 'instagram_story', description: 'A named format (`GET /v1/capabilities` → formats)' }) name?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 8192, example: 300 }) width?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 8192, example: 250 }) height?: number;
  @ApiPropertyOptional({ example: 'announcement', description: 'Template of this piece' }) template?: string;
}

export class CreateCampaignDto {
  @ApiProperty({
    allOf: [{ $ref: BRIEF_SCHEMA_REF }],
    description: 'The brief every piece is made from (its `seed` is shared by all pieces; its `format` is ignored)',
  })
  @IsObject()
  brief: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'array',
    maxItems: CAMPAIGN_FORMATS_MAX,
    items: { oneOf: [{ type: 'string', example: 'instagram_story' }, { $ref: getSchemaPath(CampaignFormatDto) }] },
    example: ['instagram_post', 'instagram_story', { width: 300, height: 250, template: 'announcement' }],
    description: `Named formats (instagram_post, instagram_story, facebook_post, linkedin_post, x_post, youtube_thumbnail, display banners such as medium_rectangle or leaderboard…) or \`{width, height, template}\`; 1 to ${CAMPAIGN_FORMATS_MAX}. Default: ${DEFAULT_CAMPAIGN_FORMATS.join(', ')}.`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CAMPAIGN_FORMATS_MAX)
  formats?: unknown[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'announcement',
    description: 'Template of every piece without its own; default by shape: square-post (square, portrait), story (tall), landscape-banner (wide)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header' })
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class CampaignPieceDto {
  @ApiProperty({ type: 'integer', example: 0 }) position: number;
  @ApiProperty({ type: String, nullable: true, example: 'instagram_story', description: 'The named format; null for a size' }) format: string | null;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1920 }) height: number;
  @ApiProperty({ example: 'story' }) template: string;
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'The design of the piece (edit it like any design)' }) design_id: string;
  @ApiProperty({ type: 'integer', example: 1, description: 'The revision rendered' }) revision: number;
  @ApiProperty({ type: [RenderWarningDto] }) warnings: RenderWarningDto[];
  @ApiProperty({ type: ArtifactDto, nullable: true, description: 'The PNG of the piece; null once that artifact was deleted' }) artifact: ArtifactDto | null;
  @ApiProperty({ type: SignedUrlDto, nullable: true, description: 'Reads the PNG without credentials for an hour (a new one at every read)' })
  signed_url: SignedUrlDto | null;
}

export class CampaignDto {
  @ApiProperty({ example: 'cmp_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The brief (`CreativeBrief`), with the seed the pieces share' }) brief: Record<
    string,
    unknown
  >;
  @ApiProperty({ type: String, nullable: true, description: 'The template asked for every piece' }) template: string | null;
  @ApiProperty({ type: 'integer', example: 7, description: "The seed every piece was made with (the brief's, or one chosen for the campaign)" }) seed: number;
  @ApiProperty({ type: [CampaignPieceDto] }) pieces: CampaignPieceDto[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
