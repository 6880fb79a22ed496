import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { LOGO_POSITIONS as TEMPLATE_LOGO_POSITIONS } from '@platform/creative-ir';
import type { BrandKit } from '../brand-kit.entity';

/** The template library's positions (corners, side middles, `center`): what a kit accepts is what templates draw. */
export const LOGO_POSITIONS = TEMPLATE_LOGO_POSITIONS;
export const DEFAULT_LOGO_POSITION = 'bottom_right';
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** The most JSON `fonts` and `metadata` may hold (a PATCH checks the merged value against them too). */
export const MAX_FONTS_BYTES = 4096;
export const MAX_METADATA_BYTES = 16384;

/** A JSON object whose serialized size stays under `max` bytes. */
export function jsonBytes(value: unknown): number {
  return value === null || value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}

function MaxJsonBytes(max: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'maxJsonBytes',
      validator: {
        validate: (value: unknown) => jsonBytes(value) <= max,
        defaultMessage: (args) => `${args?.property} must be at most ${max} bytes of JSON`,
      },
    },
    options,
  );
}

/** PUT body: replaces the whole kit; omitted fields go back to their defaults. */
export class PutBrandKitDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Acme', maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  name?: string | null;

  @ApiPropertyOptional({ type: [String], nullable: true, example: ['#0B1F3A', '#F2A900', '#FFFFFF'], description: 'Hex colors, primary first (at most 16)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @Matches(HEX_COLOR, { each: true, message: 'each value in colors must be a hex color such as #1A2B3C' })
  colors?: string[] | null;

  @ApiPropertyOptional({ type: 'object', nullable: true, additionalProperties: true, example: { heading: 'Inter', body: 'Inter' } })
  @IsOptional()
  @IsObject()
  @MaxJsonBytes(MAX_FONTS_BYTES)
  fonts?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'One of your image assets (422 otherwise); deleting that asset answers 409 `asset_in_use` while the kit uses it',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  logo_asset_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: LOGO_POSITIONS,
    default: DEFAULT_LOGO_POSITION,
    description:
      'A corner, the middle of a side (center_left, center_right: the logo at the middle of that edge, the content kept clear of it) or center ' +
      "(drawn at the head of the page, the middle being the headline's). On a 728x90 strip every logo is centred vertically at its end. " +
      'Where a template draws a photo or a frame over that place at some format, the logo moves and the design says so (logo_moved)',
  })
  @IsOptional()
  @IsIn(LOGO_POSITIONS, { message: `logo_position must be one of ${LOGO_POSITIONS.join(', ')}` })
  logo_position?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 96, description: 'Logo width in pixels at 1080 px (8 to 2048)' })
  @IsOptional()
  @IsInt()
  @Min(8)
  @Max(2048)
  logo_size?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 48, description: 'Distance from the edges in pixels at 1080 px (0 to 1024)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1024)
  logo_margin?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'confident, warm' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'ocean' })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  palette?: string | null;

  @ApiPropertyOptional({ type: 'object', nullable: true, additionalProperties: true })
  @IsOptional()
  @IsObject()
  @MaxJsonBytes(MAX_METADATA_BYTES)
  metadata?: Record<string, unknown> | null;
}

/** The fields a brand kit body has (the spec's BrandKit); any other is answered with an `unknown_field` warning. */
export const BRAND_KIT_FIELDS = [
  'name',
  'colors',
  'fonts',
  'logo_asset_id',
  'logo_position',
  'logo_size',
  'logo_margin',
  'tone',
  'palette',
  'metadata',
] as const satisfies readonly (keyof PutBrandKitDto)[];

/**
 * PATCH body: JSON merge patch (RFC 7396) of the kit. A field left out is kept, `null` clears it (back to its
 * default), a value replaces it; `fonts` and `metadata` are merged key by key (a `null` key removes that key).
 */
export class PatchBrandKitDto extends PutBrandKitDto {}

export class BrandKitWarningDto {
  @ApiProperty({ enum: ['unknown_field'], example: 'unknown_field' }) code: 'unknown_field';
  @ApiProperty({ example: 'nme', description: 'The field of the body that is not a brand kit field' }) field: string;
  @ApiProperty({ example: '"nme" is not a brand kit field and was ignored (did you mean "name"?)' }) message: string;
}

export class BrandKitDto {
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: [String], nullable: true }) colors: string[] | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) fonts: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true }) logo_asset_id: string | null;
  @ApiProperty({ type: String, enum: LOGO_POSITIONS, example: DEFAULT_LOGO_POSITION }) logo_position: string;
  @ApiProperty({ type: Number, nullable: true }) logo_size: number | null;
  @ApiProperty({ type: Number, nullable: true }) logo_margin: number | null;
  @ApiProperty({ type: String, nullable: true }) tone: string | null;
  @ApiProperty({ type: String, nullable: true }) palette: string | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) metadata: Record<string, unknown> | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while the account has no kit (defaults shown)' })
  updated_at: string | null;

  static from(kit: BrandKit | null): BrandKitDto {
    return {
      name: kit?.name ?? null,
      colors: kit?.colors ?? null,
      fonts: kit?.fonts ?? null,
      logo_asset_id: kit?.logoAssetId ?? null,
      logo_position: kit?.logoPosition ?? DEFAULT_LOGO_POSITION,
      logo_size: kit?.logoSize ?? null,
      logo_margin: kit?.logoMargin ?? null,
      tone: kit?.tone ?? null,
      palette: kit?.palette ?? null,
      metadata: kit?.metadata ?? null,
      updated_at: kit ? kit.updatedAt.toISOString() : null,
    };
  }
}

/** The kit as stored by PUT or PATCH, with what was ignored of the body. */
export class BrandKitSavedDto extends BrandKitDto {
  @ApiProperty({
    type: [BrandKitWarningDto],
    description: 'Fields of the body that are not brand kit fields (a typo such as `nme`): ignored, each named here; empty when none',
  })
  warnings: BrandKitWarningDto[];
}

export class BrandKitDeletedDto {
  @ApiProperty({ description: 'false when there was no kit to delete' }) deleted: boolean;
}
