import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { HEX_COLOR, Operation, OPERATION_CLASSES, OperationDto } from './transform-operations.dto';

export const OUTPUT_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'gif', 'tiff'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const MAX_OPERATIONS = 24;

/** The OpenAPI schema of one operation: a union discriminated by `type`. */
export const operationSchema = () => ({
  oneOf: Object.values(OPERATION_CLASSES).map((c) => ({ $ref: getSchemaPath(c) })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(Object.entries(OPERATION_CLASSES).map(([t, c]) => [t, getSchemaPath(c)])),
  },
});

/**
 * One item of `operations` as the class its `type` names, validated by that class. Anything else
 * (another type, null, a string, an array) becomes a bare operation whose `type` is reported.
 * (class-transformer's own discriminator throws on null items and lets arrays through.)
 */
function toOperation(item: unknown): OperationDto {
  const plain = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
  const cls = typeof plain.type === 'string' ? (OPERATION_CLASSES as Record<string, new () => OperationDto>)[plain.type] : undefined;
  return plainToInstance(cls ?? OperationDto, cls ? plain : { type: plain.type });
}

export class TransformAssetDto {
  @ApiProperty({
    type: 'array',
    minItems: 1,
    maxItems: MAX_OPERATIONS,
    items: operationSchema(),
    description: `1 to ${MAX_OPERATIONS} operations, applied in order; a problem with one is reported at \`operations[i].field\`.`,
    example: [
      { type: 'resize', width: 1080, height: 1080, fit: 'cover', position: 'attention' },
      { type: 'modulate', brightness: 1.05, saturation: 1.2 },
      { type: 'text', text: '© Acme', position: 'bottom_right', opacity: 0.8 },
    ],
  })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_OPERATIONS)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map(toOperation) : value), { toClassOnly: true })
  operations: Operation[];

  @ApiPropertyOptional({ enum: OUTPUT_FORMATS, default: 'png' })
  @IsOptional()
  @IsIn(OUTPUT_FORMATS, { message: `output_format must be one of ${OUTPUT_FORMATS.join(', ')}` })
  output_format?: OutputFormat;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 92,
    description: 'JPEG, WebP and AVIF quality; PNG, GIF and TIFF (LZW) are lossless',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  quality?: number;

  @ApiPropertyOptional({ default: '#FFFFFF', description: 'Used by flatten, extend, rotate and resize `contain`, and under transparency in JPEG output' })
  @IsOptional()
  @Matches(HEX_COLOR, { message: 'background must be a hex color such as #FFFFFF' })
  background?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Name of the new asset; default the source name with the new extension' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  filename?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  idempotency_key?: string | null;
}
