import { LOGO_POSITIONS } from '@platform/creative-ir';
import { IsNotBlank } from '@platform/errors';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/** Where an overlay, a text watermark or a crop window goes: the brand kit's logo positions, the templates' own list. */
export const PLACEMENTS = LOGO_POSITIONS;
export type Placement = (typeof PLACEMENTS)[number];
export const RESIZE_POSITIONS = [...PLACEMENTS, 'entropy', 'attention'] as const;
export const RESIZE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export const EXTEND_MODES = ['background', 'copy', 'repeat', 'mirror'] as const;
export const SMART_CROP_STRATEGIES = ['attention', 'entropy'] as const;

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const COLOR_MSG = (f: string) => ({ message: `${f} must be a hex color such as #1A2B3C or #1A2B3C80` });
/** Largest side of any image a transform makes (WebP's limit, and creative-ir's). */
export const MAX_SIDE = 16383;

export const OPERATION_TYPES = [
  'resize',
  'crop',
  'smart_crop',
  'rotate',
  'flip',
  'flop',
  'blur',
  'sharpen',
  'grayscale',
  'tint',
  'modulate',
  'gamma',
  'negate',
  'normalize',
  'threshold',
  'trim',
  'extend',
  'flatten',
  'round_corners',
  'border',
  'overlay',
  'text',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** What every operation has: its `type`. An unknown type is reported at `operations[i].type`. */
export class OperationDto {
  @IsIn(OPERATION_TYPES, { message: `type must be one of ${OPERATION_TYPES.join(', ')}` })
  type: OperationType;
}

const typeProp = (t: OperationType, description: string) => ApiProperty({ enum: [t], description });

export class ResizeOperationDto extends OperationDto {
  @typeProp('resize', 'Scale to `width` and/or `height` (at least one). With both, `fit` decides how the aspect ratio is kept.')
  override type = 'resize' as const;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SIDE, example: 1080 }) @IsOptional() @IsInt() @Min(1) @Max(MAX_SIDE) width?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SIDE, example: 1080 }) @IsOptional() @IsInt() @Min(1) @Max(MAX_SIDE) height?: number;
  @ApiPropertyOptional({
    enum: RESIZE_FITS,
    default: 'cover',
    description: 'cover: crop to fill; contain: letterbox with `background`; fill: stretch; inside/outside: keep the ratio within/around the box',
  })
  @IsOptional()
  @IsIn(RESIZE_FITS)
  fit?: (typeof RESIZE_FITS)[number];
  @ApiPropertyOptional({
    enum: RESIZE_POSITIONS,
    default: 'center',
    description: 'What `cover` keeps; `attention` (salient region) and `entropy` (busiest region) need fit cover',
  })
  @IsOptional()
  @IsIn(RESIZE_POSITIONS)
  position?: (typeof RESIZE_POSITIONS)[number];
  @ApiPropertyOptional({ default: false, description: 'Never make the image larger' }) @IsOptional() @IsBoolean() without_enlargement?: boolean;
}

export class CropOperationDto extends OperationDto {
  @typeProp('crop', 'Extract the rectangle at `left`, `top` of `width` x `height` pixels; it must lie inside the image.')
  override type = 'crop' as const;
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 }) @IsInt() @Min(0) @Max(MAX_SIDE) left: number;
  @ApiProperty({ type: 'integer', minimum: 0, example: 0 }) @IsInt() @Min(0) @Max(MAX_SIDE) top: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SIDE, example: 800 }) @IsInt() @Min(1) @Max(MAX_SIDE) width: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SIDE, example: 600 }) @IsInt() @Min(1) @Max(MAX_SIDE) height: number;
}

export class SmartCropOperationDto extends OperationDto {
  @typeProp('smart_crop', 'Crop to `aspect_ratio`, keeping the most interesting region; the largest such window, or scaled to `width`.')
  override type = 'smart_crop' as const;
  @ApiProperty({ example: '16:9', description: '`W:H` (e.g. `1:1`, `4:5`, `16:9`) or a decimal ratio such as `1.91`' })
  @IsString()
  @IsNotBlank()
  @Matches(/^(\d{1,5}(\.\d{1,4})?)(:\d{1,5}(\.\d{1,4})?)?$/, { message: 'aspect_ratio must be W:H such as 16:9, or a ratio such as 1.91' })
  aspect_ratio: string;
  @ApiPropertyOptional({ enum: SMART_CROP_STRATEGIES, default: 'attention', description: 'attention: skin, saturation and luminance; entropy: detail' })
  @IsOptional()
  @IsIn(SMART_CROP_STRATEGIES)
  strategy?: (typeof SMART_CROP_STRATEGIES)[number];
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SIDE, description: 'Scale the crop to this width' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIDE)
  width?: number;
}

export class RotateOperationDto extends OperationDto {
  @typeProp('rotate', 'Rotate clockwise by `angle` degrees; other angles than multiples of 90 enlarge the canvas, filled with `background`.')
  override type = 'rotate' as const;
  @ApiProperty({ minimum: -360, maximum: 360, example: 90 }) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(-360) @Max(360) angle: number;
  @ApiPropertyOptional({ description: 'Default: the request `background`' }) @IsOptional() @Matches(HEX_COLOR, COLOR_MSG('background')) background?: string;
}

export class FlipOperationDto extends OperationDto {
  @typeProp('flip', 'Mirror top to bottom.') override type = 'flip' as const;
}

export class FlopOperationDto extends OperationDto {
  @typeProp('flop', 'Mirror left to right.') override type = 'flop' as const;
}

export class BlurOperationDto extends OperationDto {
  @typeProp('blur', 'Gaussian blur.') override type = 'blur' as const;
  @ApiProperty({ minimum: 0.3, maximum: 100, example: 4 }) @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0.3) @Max(100) sigma: number;
}

export class SharpenOperationDto extends OperationDto {
  @typeProp('sharpen', 'Unsharp mask; with no field, a fast mild sharpen.') override type = 'sharpen' as const;
  @ApiPropertyOptional({ minimum: 0.01, maximum: 10, example: 1 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(10)
  sigma?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 100, description: 'Sharpening of flat areas (default 1)' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  flat?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 100, description: 'Sharpening of jagged areas (default 2)' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  jagged?: number;
}

export class GrayscaleOperationDto extends OperationDto {
  @typeProp('grayscale', 'Shades of gray.') override type = 'grayscale' as const;
}

export class TintOperationDto extends OperationDto {
  @typeProp('tint', 'Keep the luminance, take the chroma of `color`.') override type = 'tint' as const;
  @ApiProperty({ example: '#3366FF' }) @Matches(HEX_COLOR, COLOR_MSG('color')) color: string;
}

export class ModulateOperationDto extends OperationDto {
  @typeProp('modulate', 'Brightness and saturation multipliers, hue rotation in degrees, lightness offset; at least one.') override type = 'modulate' as const;
  @ApiPropertyOptional({ minimum: 0.01, maximum: 10, example: 1.1 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(10)
  brightness?: number;
  @ApiPropertyOptional({ minimum: 0.01, maximum: 10, example: 1.2 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(10)
  saturation?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: -360, maximum: 360, example: 30 }) @IsOptional() @IsInt() @Min(-360) @Max(360) hue?: number;
  @ApiPropertyOptional({ minimum: -100, maximum: 100, example: 5 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-100)
  @Max(100)
  lightness?: number;
}

export class GammaOperationDto extends OperationDto {
  @typeProp('gamma', 'Gamma correction (sharp: reduce by `gamma`, then raise by `gamma_out`).') override type = 'gamma' as const;
  @ApiPropertyOptional({ minimum: 1, maximum: 3, default: 2.2 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(3)
  gamma?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 3, description: 'Default: `gamma`' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(3)
  gamma_out?: number;
}

export class NegateOperationDto extends OperationDto {
  @typeProp('negate', 'Invert the colors.') override type = 'negate' as const;
  @ApiPropertyOptional({ default: false, description: 'Invert the alpha channel too' }) @IsOptional() @IsBoolean() alpha?: boolean;
}

export class NormalizeOperationDto extends OperationDto {
  @typeProp('normalize', 'Stretch the luminance so the `lower` and `upper` percentiles become black and white.') override type = 'normalize' as const;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 99, default: 1 }) @IsOptional() @IsInt() @Min(0) @Max(99) lower?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 99 }) @IsOptional() @IsInt() @Min(1) @Max(100) upper?: number;
}

export class ThresholdOperationDto extends OperationDto {
  @typeProp('threshold', 'Pixels at or above `value` become white, the others black.') override type = 'threshold' as const;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 255, default: 128 }) @IsOptional() @IsInt() @Min(0) @Max(255) value?: number;
  @ApiPropertyOptional({ default: true, description: 'Threshold the luminance (true) or each channel' }) @IsOptional() @IsBoolean() grayscale?: boolean;
}

export class TrimOperationDto extends OperationDto {
  @typeProp('trim', 'Remove the edges that are the color of the top-left pixel (or `background`).') override type = 'trim' as const;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 255, default: 10, description: 'Allowed difference from that color' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(255)
  threshold?: number;
  @ApiPropertyOptional({ description: 'Color to trim; default the top-left pixel' })
  @IsOptional()
  @Matches(HEX_COLOR, COLOR_MSG('background'))
  background?: string;
}

export class ExtendOperationDto extends OperationDto {
  @typeProp('extend', 'Pad the edges by the given pixels (at least one), with `background` or by copying, repeating or mirroring the edge.') override type =
    'extend' as const;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(4096) top?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(4096) right?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(4096) bottom?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(4096) left?: number;
  @ApiPropertyOptional({ enum: EXTEND_MODES, default: 'background' }) @IsOptional() @IsIn(EXTEND_MODES) mode?: (typeof EXTEND_MODES)[number];
  @ApiPropertyOptional({ description: 'Default: the request `background`' }) @IsOptional() @Matches(HEX_COLOR, COLOR_MSG('background')) background?: string;
}

export class FlattenOperationDto extends OperationDto {
  @typeProp('flatten', 'Remove transparency by drawing the image over `background`.') override type = 'flatten' as const;
  @ApiPropertyOptional({ description: 'Default: the request `background`' }) @IsOptional() @Matches(HEX_COLOR, COLOR_MSG('background')) background?: string;
}

export class RoundCornersOperationDto extends OperationDto {
  @typeProp('round_corners', 'Make the corners transparent outside a radius (flattened onto `background` for JPEG output).') override type =
    'round_corners' as const;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 8192, example: 48 }) @IsInt() @Min(1) @Max(8192) radius: number;
}

export class BorderOperationDto extends OperationDto {
  @typeProp('border', 'A solid frame of `width` pixels around the image.') override type = 'border' as const;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 2048, example: 12 }) @IsInt() @Min(1) @Max(2048) width: number;
  @ApiPropertyOptional({ default: '#000000' }) @IsOptional() @Matches(HEX_COLOR, COLOR_MSG('color')) color?: string;
}

export class OverlayOperationDto extends OperationDto {
  @typeProp('overlay', 'Draw another image asset of the account over this one (a watermark or a logo).') override type = 'overlay' as const;
  @ApiProperty({ example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'An image asset of the caller' })
  @IsString()
  @IsNotBlank()
  @MinLength(1)
  @MaxLength(64)
  asset_id: string;
  @ApiPropertyOptional({ enum: PLACEMENTS, default: 'bottom_right' }) @IsOptional() @IsIn(PLACEMENTS) position?: Placement;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, default: 0, description: 'Distance from the edges it is placed against, in pixels' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4096)
  margin?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 1 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  opacity?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_SIDE, description: 'Overlay width in pixels (height follows)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIDE)
  width?: number;
  @ApiPropertyOptional({ minimum: 0.01, maximum: 1, description: 'Overlay width as a share of the image width; not with `width`' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(1)
  scale?: number;
}

export class TextOperationDto extends OperationDto {
  @typeProp('text', 'A text watermark drawn with the bundled fonts (or a font asset), wrapped to the image width.') override type = 'text' as const;
  @ApiProperty({ minLength: 1, maxLength: 500, example: '© Acme 2026' }) @IsString() @IsNotBlank() @MinLength(1) @MaxLength(500) text: string;
  @ApiPropertyOptional({ default: 'Inter', description: 'Inter, Lora, Playfair Display, JetBrains Mono (or sans, serif, display, mono)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  font_family?: string;
  @ApiPropertyOptional({ description: 'A font asset of the caller, used instead of `font_family`' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  font_asset_id?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 100, maximum: 900, default: 700 }) @IsOptional() @IsInt() @Min(100) @Max(900) font_weight?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 4, maximum: 2000, description: 'Pixels; default 4% of the image width (at least 12)' })
  @IsOptional()
  @IsInt()
  @Min(4)
  @Max(2000)
  font_size?: number;
  @ApiPropertyOptional({ default: '#FFFFFF' }) @IsOptional() @Matches(HEX_COLOR, COLOR_MSG('color')) color?: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 0.8 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  opacity?: number;
  @ApiPropertyOptional({ enum: PLACEMENTS, default: 'bottom_right' }) @IsOptional() @IsIn(PLACEMENTS) position?: Placement;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 4096, description: 'Pixels from the edges; default the font size' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4096)
  margin?: number;
}

export const OPERATION_CLASSES = {
  resize: ResizeOperationDto,
  crop: CropOperationDto,
  smart_crop: SmartCropOperationDto,
  rotate: RotateOperationDto,
  flip: FlipOperationDto,
  flop: FlopOperationDto,
  blur: BlurOperationDto,
  sharpen: SharpenOperationDto,
  grayscale: GrayscaleOperationDto,
  tint: TintOperationDto,
  modulate: ModulateOperationDto,
  gamma: GammaOperationDto,
  negate: NegateOperationDto,
  normalize: NormalizeOperationDto,
  threshold: ThresholdOperationDto,
  trim: TrimOperationDto,
  extend: ExtendOperationDto,
  flatten: FlattenOperationDto,
  round_corners: RoundCornersOperationDto,
  border: BorderOperationDto,
  overlay: OverlayOperationDto,
  text: TextOperationDto,
} as const satisfies Record<OperationType, new () => OperationDto>;

export type Operation = InstanceType<(typeof OPERATION_CLASSES)[OperationType]>;
export type OperationOf<T extends OperationType> = InstanceType<(typeof OPERATION_CLASSES)[T]>;
