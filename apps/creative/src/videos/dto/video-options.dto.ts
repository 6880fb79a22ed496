import { applyDecorators } from '@nestjs/common';
import { IsNotBlank } from '@platform/errors';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EASINGS, MOTIONS, TRANSITIONS, VIDEO_FORMATS, VIDEO_LIMITS } from '@platform/creative-video';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const L = VIDEO_LIMITS;

/** Defaults of the video requests (the spec's, and ours where it leaves them open). */
export const VIDEO_DEFAULTS = {
  fps: L.defaultFps,
  formats: ['mp4'] as const,
  /** Animate (AnimateRequest). */
  animate: {
    duration: 4,
    motion: 'zoom_in',
    transition: 'none',
    audio_volume: 1.0,
    audio_loop: true,
    audio_fade_in: 0.0,
    audio_fade_out: 1.0,
    audio_normalize: false,
  },
  /** A scene of POST /v1/videos: no motion and a cut unless asked. */
  scene: { duration: 3, motion: 'none', transition: 'none' },
  /** ProceduralVideo. */
  procedural: { style: 'mesh', duration: 3, seed: 7, density: 1.0, transition: 'fade', size: 1080 },
  /**
   * The `video` of CampaignFullCreate. No motion: each scene's family preset (as animate and scenes); `transition` is
   * the one of a request that names a motion but no transition.
   */
  campaign: { duration: 3, transition: 'fade', size: 1080 },
  audio: { volume: 1.0, loop: true, fade_in: 0.0, fade_out: 1.0, normalize: false },
  /** A video without a size of its own and no design or image to take one from. */
  size: 1080,
} as const;

export const MOTION_DESCRIPTION = `One of ${MOTIONS.join(', ')} (GET /v1/capabilities → motions; \`stagger\`: the design's top-level nodes enter one after another)`;
/** What a design or template scene without a `motion` gets (the family motion presets). */
export const FAMILY_PRESET_DESCRIPTION =
  "its template family's motion preset (GET /v1/capabilities → video.family_presets: bold, photo-led, editorial, neon, pastel; `minimal` for designs made without a template) gives the camera motion, and its nodes that have no `animation` of their own get the family's entrances (title, eyebrow, body, call to action, logo, foreground images, rules, in reading order). Naming a motion (even `none`) turns the preset off";
export const TRANSITION_DESCRIPTION = `One of ${TRANSITIONS.join(', ')} (GET /v1/capabilities → transitions)`;
export const FORMATS_DESCRIPTION =
  `Outputs, each an artifact, plus a poster PNG: mp4 (H.264 yuv420p, AAC, faststart), webm (VP9, Opus), gif (palette per video; see \`gif\`). ` +
  'Default ["mp4"]. mp4 and webm need an even width and height.';
export const SIZE_DESCRIPTION = `Pixels, ${L.minSide} to ${L.maxWidth} wide and ${L.minSide} to ${L.maxHeight} high`;
export const FPS_DESCRIPTION = `Frames per second, ${L.minFps} to ${L.maxFps} (default ${L.defaultFps})`;
export const CALLBACK_DESCRIPTION =
  'An https URL (http on loopback in development) that receives a signed POST (`job.succeeded`, `job.failed`, `job.cancelled`, with the job as GET /v1/jobs/{id} shows it) when the job ends. Omit it (or send null) for no callback; an empty or blank string is refused (422 `missing`).';

/** A job's `callback_url`: absent or null for none; `""` is refused, never stored as "no callback". */
export function CallbackUrlField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: 2048,
      minLength: 1,
      example: 'https://example.com/hooks/creative',
      description: CALLBACK_DESCRIPTION,
    }),
    IsOptional(),
    IsString(),
    IsNotBlank({ message: 'callback_url must not be empty or blank: omit it (or send null) for no callback' }),
    MaxLength(2048),
  );
}

/** The formats of a request, with class-validator's checks (duplicates and the even-size rule are the service's). */
export function FormatsField(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: 'array',
      nullable: true,
      items: { type: 'string', enum: [...VIDEO_FORMATS] },
      minItems: 1,
      maxItems: 3,
      default: ['mp4'],
      description: FORMATS_DESCRIPTION,
    })(target, key);
    IsOptional()(target, key);
    IsArray()(target, key);
    ArrayMinSize(1)(target, key);
    ArrayMaxSize(3)(target, key);
    IsIn(VIDEO_FORMATS, { each: true, message: `each format must be one of ${VIDEO_FORMATS.join(', ')}` })(target, key);
  };
}

/** Audio mixed over the whole video (or over one scene): an audio asset (POST /v1/assets/audio) and how to play it. */
export class VideoAudioDto {
  @ApiProperty({
    example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'An audio asset of the account (POST /v1/assets/audio); 404 `not_found` otherwise',
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  asset_id: string;

  @ApiPropertyOptional({ type: Number, default: 1.0, minimum: 0, maximum: 2, description: 'Gain: 0 silent, 1 as recorded, 2 twice as loud' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(2)
  volume?: number;

  @ApiPropertyOptional({ type: Boolean, default: true, description: 'Repeat the audio to the end of the video (false: trimmed, or silence after it ends)' })
  @IsOptional()
  @IsBoolean()
  loop?: boolean;

  @ApiPropertyOptional({ type: Number, default: 0.0, minimum: 0, maximum: L.maxDuration, description: 'Seconds of fade-in from silence at the start' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(L.maxDuration)
  fade_in?: number;

  @ApiPropertyOptional({ type: Number, default: 1.0, minimum: 0, maximum: L.maxDuration, description: 'Seconds of fade-out to silence at the end' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(L.maxDuration)
  fade_out?: number;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'EBU R128 loudness normalization (ffmpeg loudnorm: -16 LUFS integrated, -1.5 dBTP, LRA 11)',
  })
  @IsOptional()
  @IsBoolean()
  normalize?: boolean;
}

/** GIF output options (used when `formats` includes gif). */
export class GifOptionsDto {
  @ApiPropertyOptional({
    type: 'integer',
    default: L.gifDefaultFps,
    minimum: 1,
    maximum: L.gifMaxFps,
    description: `Frames per second of the GIF (default ${L.gifDefaultFps}, at most the video's)`,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(L.gifMaxFps)
  fps?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: L.minSide,
    maximum: L.gifMaxWidth,
    description: `Width of the GIF (height keeps the aspect ratio); default the video's, at most ${L.gifMaxWidth}`,
  })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.gifMaxWidth)
  width?: number;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: -1, maximum: 65535, description: '0 loops forever, -1 plays once, n repeats n more times' })
  @IsOptional()
  @IsInt()
  @Min(-1)
  @Max(65535)
  loop?: number;
}

/** Where ken_burns heads, as fractions of the frame. */
export class FocalDto {
  @ApiProperty({ type: Number, minimum: 0, maximum: 1, example: 0.7, description: '0 left edge, 1 right edge' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  x: number;

  @ApiProperty({ type: Number, minimum: 0, maximum: 1, example: 0.3, description: '0 top edge, 1 bottom edge' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  y: number;
}

/** Fields every video request has: size, rate, outputs, callback, idempotency. */
export class VideoOutputFields {
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: L.minFps, maximum: L.maxFps, default: L.defaultFps, description: FPS_DESCRIPTION })
  @IsOptional()
  @IsInt()
  @Min(L.minFps)
  @Max(L.maxFps)
  fps?: number | null;

  @FormatsField()
  formats?: string[] | null;

  @ApiPropertyOptional({ type: GifOptionsDto, nullable: true, description: 'GIF options (when `formats` includes gif)' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => GifOptionsDto)
  gif?: GifOptionsDto | null;

  @CallbackUrlField()
  callback_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header: a repeat answers the same job' })
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

/** A request's `motion`: `dflt` the default, or `whenAbsent` saying what happens without one (no single default). */
export const MotionField = (dflt: string | null, whenAbsent?: string) => (target: object, key: string | symbol) => {
  ApiPropertyOptional({
    enum: [...MOTIONS],
    ...(dflt != null ? { default: dflt } : {}),
    description: whenAbsent ? `${MOTION_DESCRIPTION}. ${whenAbsent}` : MOTION_DESCRIPTION,
  })(target, key);
  IsOptional()(target, key);
  IsIn(MOTIONS, { message: `motion must be one of ${MOTIONS.join(', ')}` })(target, key);
};

export const TransitionField = (dflt: string | null, what: string) => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ enum: [...TRANSITIONS], ...(dflt != null ? { default: dflt } : {}), description: `${what}. ${TRANSITION_DESCRIPTION}` })(target, key);
  IsOptional()(target, key);
  IsIn(TRANSITIONS, { message: `transition must be one of ${TRANSITIONS.join(', ')}` })(target, key);
};

export const EasingField = () => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ enum: [...EASINGS], description: "Easing of the motion (default: the motion's own; GET /v1/capabilities → easings)" })(target, key);
  IsOptional()(target, key);
  IsIn(EASINGS, { message: `easing must be one of ${EASINGS.join(', ')}` })(target, key);
};

export const TransitionDurationField = () => (target: object, key: string | symbol) => {
  ApiPropertyOptional({
    type: Number,
    default: L.defaultTransitionDuration,
    minimum: 0,
    maximum: L.maxSceneDuration / 2,
    description: `Seconds the transition takes, centred on the cut (default ${L.defaultTransitionDuration}; clamped to half the shorter of the two scenes)`,
  })(target, key);
  IsOptional()(target, key);
  IsNumber({ allowNaN: false, allowInfinity: false })(target, key);
  Min(0)(target, key);
  Max(L.maxSceneDuration / 2)(target, key);
};

/** `focal`: where ken_burns heads (a FocalDto, validated as a nested object). */
export const FocalField = () => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ type: FocalDto, nullable: true, description: 'Where ken_burns heads (default the centre)' })(target, key);
  IsOptional()(target, key);
  IsObject()(target, key);
  ValidateNested()(target, key);
  Type(() => FocalDto)(target, key);
};
