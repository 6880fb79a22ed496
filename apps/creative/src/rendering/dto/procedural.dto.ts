import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_PAGE_SIDE, PROCEDURAL_STYLE_IDS } from '@platform/creative-ir';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ArtifactDto, SignedUrlDto } from '../../artifacts/dto/artifact.dto';
import { OUTPUT_FORMATS, type OutputFormat } from './render-options.dto';
import { RenderWarningDto } from './render-result.dto';

export const PROCEDURAL_TONES = ['light', 'dark', 'vivid', 'muted'] as const;
export const PROCEDURAL_SIZE_DEFAULT = 1080;

/** ProceduralRender: a procedural background (with an optional title), rendered into an artifact. */
export class ProceduralRenderDto {
  @ApiPropertyOptional({ enum: PROCEDURAL_STYLE_IDS, default: 'mesh', description: 'GET /v1/procedural/styles' })
  @IsOptional()
  @IsIn(PROCEDURAL_STYLE_IDS, { message: `style must be one of ${PROCEDURAL_STYLE_IDS.join(', ')}` })
  style?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: 7, minimum: 0, maximum: 2147483647, description: 'Same seed, same picture' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  seed?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: PROCEDURAL_SIZE_DEFAULT, minimum: 1, maximum: MAX_PAGE_SIDE })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIDE)
  width?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: PROCEDURAL_SIZE_DEFAULT, minimum: 1, maximum: MAX_PAGE_SIDE })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIDE)
  height?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, default: 1.0, minimum: 0.1, maximum: 4, description: 'Amount of detail' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(4)
  density?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    default: 0.0,
    minimum: -1000000,
    maximum: 1000000,
    description: 'Position in the animation loop (phase and phase + 1 are the same picture)',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-1_000_000)
  @Max(1_000_000)
  phase?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '#0b1f3a, #f2a900, #ffffff',
    description: '1 to 8 colors, separated by commas or spaces (default: from `tone` and the seed)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  palette?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: PROCEDURAL_TONES, description: "Palette family when no palette is given (default: the style's)" })
  @IsOptional()
  @IsIn(PROCEDURAL_TONES, { message: `tone must be one of ${PROCEDURAL_TONES.join(', ')}` })
  tone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'A title drawn over the background, in a color that reads on it' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  eyebrow?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: OUTPUT_FORMATS, default: 'png' })
  @IsOptional()
  @IsIn(OUTPUT_FORMATS, { message: `format must be one of ${OUTPUT_FORMATS.join(', ')}` })
  format?: OutputFormat | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header' })
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class ProceduralResultDto {
  @ApiProperty({ enum: PROCEDURAL_STYLE_IDS, example: 'mesh' }) style: string;
  @ApiProperty({ type: 'integer', example: 7 }) seed: number;
  @ApiProperty({ example: 1 }) density: number;
  @ApiProperty({ example: 0 }) phase: number;
  @ApiProperty({
    type: [String],
    example: ['#0b1f3a', '#f2a900', '#ffffff'],
    description: "The request's `palette` as given (its colors, in order); without one, the colors the tone and seed chose",
  })
  palette: string[];
  @ApiProperty({
    type: [String],
    example: ['#0b1f3a', '#f2a900', '#ffffff', '#5a4f40'],
    description: '`palette` and the colors mixed from it where the style needs at least 4: what the picture is drawn with',
  })
  drawn_palette: string[];
  @ApiProperty({
    type: String,
    nullable: true,
    enum: PROCEDURAL_TONES,
    example: 'dark',
    description: "The request's `tone` as given; without one, the style's tone (null when a `palette` was given instead)",
  })
  tone: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The request's `title` (null without one)" }) title: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The request's `eyebrow` (null without one)" }) eyebrow: string | null;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
  @ApiProperty({ enum: OUTPUT_FORMATS, example: 'png' }) format: string;
  @ApiProperty({ type: [RenderWarningDto] }) warnings: RenderWarningDto[];
  @ApiProperty({ type: ArtifactDto }) artifact: ArtifactDto;
  @ApiProperty({ type: SignedUrlDto }) signed_url: SignedUrlDto;
}
