import { ApiPropertyOptional } from '@nestjs/swagger';
import { PROCEDURAL_STYLE_IDS } from '@platform/creative-ir';
import { VIDEO_LIMITS } from '@platform/creative-video';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PROCEDURAL_TONES } from '../../rendering/dto/procedural.dto';
import { EasingField, MotionField, SIZE_DESCRIPTION, TransitionDurationField, TransitionField, VIDEO_DEFAULTS, VideoOutputFields } from './video-options.dto';

const L = VIDEO_LIMITS;
const D = VIDEO_DEFAULTS.procedural;

/** ProceduralVideo: one or more procedural styles, each a seamless loop of its `phase`, joined by a transition. */
export class ProceduralVideoDto extends VideoOutputFields {
  @ApiPropertyOptional({
    type: 'array',
    nullable: true,
    items: { type: 'string', enum: [...PROCEDURAL_STYLE_IDS] },
    minItems: 1,
    maxItems: L.maxScenes,
    example: ['waves', 'mesh'],
    description: 'Styles, one segment each, in order (GET /v1/procedural/styles). Give `styles` or `style`, not both; neither: mesh',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(L.maxScenes)
  @IsIn(PROCEDURAL_STYLE_IDS, { each: true, message: `each style must be one of ${PROCEDURAL_STYLE_IDS.join(', ')}` })
  styles?: string[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: PROCEDURAL_STYLE_IDS, description: 'One style (same as `styles: [style]`)' })
  @IsOptional()
  @IsIn(PROCEDURAL_STYLE_IDS, { message: `style must be one of ${PROCEDURAL_STYLE_IDS.join(', ')}` })
  style?: string | null;

  @ApiPropertyOptional({
    type: Number,
    default: D.duration,
    minimum: L.minDuration,
    maximum: L.maxSceneDuration,
    description: `Seconds of each style's segment (one full loop of its phase); ${L.maxDuration} s in all at most`,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(L.minDuration)
  @Max(L.maxSceneDuration)
  duration?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: D.size, minimum: L.minSide, maximum: L.maxWidth, description: SIZE_DESCRIPTION })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.maxWidth)
  width?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: D.size, minimum: L.minSide, maximum: L.maxHeight, description: SIZE_DESCRIPTION })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.maxHeight)
  height?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, default: D.seed, minimum: 0, maximum: 2147483647, description: 'Same seed, same video' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  seed?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, default: D.density, minimum: 0.1, maximum: 4, description: 'Amount of detail' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(4)
  density?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'A title drawn over every segment' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: 'A short line above the title, on every segment' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  eyebrow?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: PROCEDURAL_TONES, description: "Palette family when no palette is given (default: each style's)" })
  @IsOptional()
  @IsIn(PROCEDURAL_TONES, { message: `tone must be one of ${PROCEDURAL_TONES.join(', ')}` })
  tone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 400,
    example: '#0b1f3a, #f2a900, #ffffff',
    description: '1 to 8 colors separated by commas or spaces',
  })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  palette?: string | null;

  @TransitionField(D.transition, 'Transition between the segments')
  transition?: string;

  @TransitionDurationField()
  transition_duration?: number;

  /** The styles move by their phase; a motion adds a camera move on top. */
  @MotionField('none')
  motion?: string;

  @EasingField()
  easing?: string | null;
}
