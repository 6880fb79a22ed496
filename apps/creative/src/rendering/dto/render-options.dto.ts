import { ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_RASTER_SIDE } from '@platform/creative-ir';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

export const OUTPUT_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const RASTER_FORMATS: readonly OutputFormat[] = ['png', 'jpeg', 'webp', 'avif'];

/** RenderOptions / RenderRequest: output format and size. */
export class RenderOptionsDto {
  @ApiPropertyOptional({ enum: OUTPUT_FORMATS, default: 'png', description: 'Output format' })
  @IsOptional()
  @IsIn(OUTPUT_FORMATS, { message: `format must be one of ${OUTPUT_FORMATS.join(', ')}` })
  format?: OutputFormat;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_RASTER_SIDE,
    example: 540,
    description:
      "Output width in pixels: the design is drawn at that scale (raster formats only). With `height` too, both must keep the design's aspect ratio (within 1 px).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RASTER_SIDE)
  width?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_RASTER_SIDE,
    example: 540,
    description: 'Output height in pixels (raster formats only); see `width`.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RASTER_SIDE)
  height?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 100,
    description: 'JPEG, WebP and AVIF quality (default 90 for JPEG and WebP, 60 for AVIF)',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  quality?: number | null;
}
