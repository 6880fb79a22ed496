import { ApiPropertyOptional } from '@nestjs/swagger';
import { VIDEO_LIMITS } from '@platform/creative-video';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  EasingField,
  FAMILY_PRESET_DESCRIPTION,
  FocalDto,
  FocalField,
  MotionField,
  SIZE_DESCRIPTION,
  TransitionDurationField,
  TransitionField,
  VIDEO_DEFAULTS,
  VideoOutputFields,
} from './video-options.dto';

const L = VIDEO_LIMITS;
const D = VIDEO_DEFAULTS.animate;

/** AnimateRequest: the design's current revision as a video. */
export class AnimateDto extends VideoOutputFields {
  @ApiPropertyOptional({ type: Number, default: D.duration, minimum: L.minDuration, maximum: L.maxSceneDuration, description: 'Seconds' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(L.minDuration)
  @Max(L.maxSceneDuration)
  duration?: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: L.minSide,
    maximum: L.maxWidth,
    description: `${SIZE_DESCRIPTION}. Default: the design's width (with only \`height\` given, from the design's aspect ratio), scaled down to fit ${L.maxWidth}x${L.maxHeight} and made even`,
  })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.maxWidth)
  width?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: L.minSide,
    maximum: L.maxHeight,
    description: `${SIZE_DESCRIPTION}. Default: the design's height (see \`width\`); the design covers the frame`,
  })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.maxHeight)
  height?: number | null;

  @MotionField(null, `Default: ${FAMILY_PRESET_DESCRIPTION}; the job's \`request\` records the \`motion\` and the \`preset\` used.`)
  motion?: string;

  @EasingField()
  easing?: string | null;

  @TransitionField(
    D.transition,
    'How the design enters: anything but none opens the video on black for a moment and brings the design in through that transition (e.g. fade_black fades in from black, circle opens a circle)',
  )
  transition?: string;

  @TransitionDurationField()
  transition_duration?: number;

  @FocalField()
  focal?: FocalDto | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 64,
    example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'An audio asset (POST /v1/assets/audio) mixed over the video',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  audio_asset_id?: string | null;

  @ApiPropertyOptional({
    type: Number,
    default: D.audio_volume,
    minimum: 0,
    maximum: 2,
    description: 'Gain of the audio: 0 silent, 1 as recorded, 2 twice as loud',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(2)
  audio_volume?: number;

  @ApiPropertyOptional({
    type: Boolean,
    default: D.audio_loop,
    description: 'Repeat the audio to the end of the video (false: trimmed, or silence after it ends)',
  })
  @IsOptional()
  @IsBoolean()
  audio_loop?: boolean;

  @ApiPropertyOptional({ type: Number, default: D.audio_fade_in, minimum: 0, maximum: L.maxDuration, description: 'Seconds of audio fade-in' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(L.maxDuration)
  audio_fade_in?: number;

  @ApiPropertyOptional({ type: Number, default: D.audio_fade_out, minimum: 0, maximum: L.maxDuration, description: 'Seconds of audio fade-out at the end' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(L.maxDuration)
  audio_fade_out?: number;

  @ApiPropertyOptional({ type: Boolean, default: D.audio_normalize, description: 'EBU R128 loudness normalization (-16 LUFS)' })
  @IsOptional()
  @IsBoolean()
  audio_normalize?: boolean;
}
