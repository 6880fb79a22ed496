import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PREVIEW_FORMATS, PREVIEW_WIDTH_DEFAULT, PREVIEW_WIDTH_MAX, type PreviewFormat } from '../preview.service';

export class PreviewQuery {
  @ApiPropertyOptional({
    type: 'integer',
    default: PREVIEW_WIDTH_DEFAULT,
    minimum: 16,
    maximum: PREVIEW_WIDTH_MAX,
    description: 'Width of the image in pixels (the height keeps the aspect ratio)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'width must be an integer' })
  @Min(16)
  @Max(PREVIEW_WIDTH_MAX)
  width?: number;

  @ApiPropertyOptional({ enum: PREVIEW_FORMATS, default: 'png' })
  @IsOptional()
  @IsIn(PREVIEW_FORMATS, { message: `format must be one of ${PREVIEW_FORMATS.join(', ')}` })
  format?: PreviewFormat;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description:
      'A revision to show instead of the current one; its preview never changes, so it is answered with `Cache-Control: private, max-age=31536000, immutable`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'revision must be an integer' })
  @Min(1)
  revision?: number;
}
