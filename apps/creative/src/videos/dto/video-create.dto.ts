import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROCEDURAL_STYLE_IDS } from '@platform/creative-ir';
import { VIDEO_LIMITS } from '@platform/creative-video';
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
import { BRIEF_SCHEMA_REF } from '../../common/library-schemas';
import { PROCEDURAL_TONES } from '../../rendering/dto/procedural.dto';
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
  VideoAudioDto,
  VideoOutputFields,
} from './video-options.dto';

const L = VIDEO_LIMITS;

/** The procedural background of a scene, animated by its phase over the scene (a seamless loop). */
export class SceneProceduralDto {
  @ApiProperty({ enum: PROCEDURAL_STYLE_IDS, example: 'waves', description: 'GET /v1/procedural/styles' })
  @IsIn(PROCEDURAL_STYLE_IDS, { message: `style must be one of ${PROCEDURAL_STYLE_IDS.join(', ')}` })
  style: string;

  @ApiPropertyOptional({ type: 'integer', default: 7, minimum: 0, maximum: 2147483647, description: 'Same seed, same animation' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  seed?: number;

  @ApiPropertyOptional({ type: Number, default: 1.0, minimum: 0.1, maximum: 4, description: 'Amount of detail' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.1)
  @Max(4)
  density?: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#0b1f3a, #f2a900', description: '1 to 8 colors separated by commas or spaces' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  palette?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, enum: PROCEDURAL_TONES, description: "Palette family when no palette is given (default: the style's)" })
  @IsOptional()
  @IsIn(PROCEDURAL_TONES, { message: `tone must be one of ${PROCEDURAL_TONES.join(', ')}` })
  tone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    description: 'A title drawn over the background (stagger: it enters after the eyebrow)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: 'A short line above the title' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  eyebrow?: string | null;
}

/** One scene: exactly one source (a design, a template with a brief, an image asset, or a procedural style) and how it moves. */
export class VideoSceneDto {
  @ApiPropertyOptional({
    type: String,
    example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: "Source: a design's current revision (404 `not_found` when the account has no such design)",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  design_id?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'announcement',
    description: "Source: a template (GET /v1/templates) laid out from `brief` at the video's size, with the brand kit",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template?: string;

  @ApiPropertyOptional({ allOf: [{ $ref: BRIEF_SCHEMA_REF }], description: "The brief of `template` (its `format` is the video's size)" })
  @IsOptional()
  @IsObject()
  brief?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: String,
    example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'Source: an image asset, scaled to cover the frame (404 `not_found`; 422 when it is not an image)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  asset_id?: string;

  @ApiPropertyOptional({ type: SceneProceduralDto, description: 'Source: a procedural style animated over the scene' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SceneProceduralDto)
  procedural?: SceneProceduralDto;

  @ApiPropertyOptional({ type: Number, default: VIDEO_DEFAULTS.scene.duration, minimum: L.minDuration, maximum: L.maxSceneDuration, description: 'Seconds' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(L.minDuration)
  @Max(L.maxSceneDuration)
  duration?: number;

  @MotionField(
    null,
    `Default: for a design or template scene, ${FAMILY_PRESET_DESCRIPTION}; for an image or procedural scene, none. The job's \`request\` records each scene's \`motion\` and \`preset\`.`,
  )
  motion?: string;

  @EasingField()
  easing?: string | null;

  @TransitionField(
    null,
    "Transition into the next scene (ignored on the last). Default: the family preset's (see `motion`) when the scene has one, else none (a cut)",
  )
  transition?: string;

  @TransitionDurationField()
  transition_duration?: number;

  @FocalField()
  focal?: FocalDto | null;

  @ApiPropertyOptional({
    type: VideoAudioDto,
    nullable: true,
    description: "Audio of this scene only, from its start to its end (mixed with the video's `audio`)",
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => VideoAudioDto)
  audio?: VideoAudioDto | null;
}

/** VideoCreate: scenes assembled into one video. */
export class VideoCreateDto extends VideoOutputFields {
  @ApiProperty({ type: [VideoSceneDto], minItems: 1, maxItems: L.maxScenes, description: `1 to ${L.maxScenes} scenes, ${L.maxDuration} s in all at most` })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(L.maxScenes)
  @ValidateNested({ each: true })
  @Type(() => VideoSceneDto)
  scenes: VideoSceneDto[];

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: L.minSide,
    maximum: L.maxWidth,
    description: `${SIZE_DESCRIPTION}. Default: the size of the first scene that has one (a design's page; an image's shape, at most 1920 on the long side), else ${VIDEO_DEFAULTS.size}x${VIDEO_DEFAULTS.size}; scaled down to fit and made even`,
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
    description: `${SIZE_DESCRIPTION}. Default: see \`width\``,
  })
  @IsOptional()
  @IsInt()
  @Min(L.minSide)
  @Max(L.maxHeight)
  height?: number | null;

  @ApiPropertyOptional({ type: VideoAudioDto, nullable: true, description: 'Audio over the whole video, mixed in one pass' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => VideoAudioDto)
  audio?: VideoAudioDto | null;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: `Move the scene cuts to the nearest beats of \`audio\` (needs it), keeping their order and at least ${L.minBeatSceneDuration} s per scene; the job's result lists the beats and the cuts`,
  })
  @IsOptional()
  @IsBoolean()
  beat_sync?: boolean;
}
