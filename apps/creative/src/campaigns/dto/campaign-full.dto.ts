import { ApiPropertyOptional } from '@nestjs/swagger';
import { EASINGS, MOTIONS, TRANSITIONS, VIDEO_FORMATS, VIDEO_LIMITS } from '@platform/creative-video';
import { IsObject, IsOptional } from 'class-validator';
import { CallbackUrlField, FAMILY_PRESET_DESCRIPTION, GifOptionsDto, VIDEO_DEFAULTS, VideoAudioDto } from '../../videos/dto/video-options.dto';
import { CreateCampaignDto } from './campaign.dto';

const L = VIDEO_LIMITS;
const D = VIDEO_DEFAULTS.campaign;

/** How the pieces of a full campaign become one video (every field optional). */
export class CampaignVideoDto {
  @ApiPropertyOptional({
    type: Number,
    default: D.duration,
    minimum: L.minDuration,
    maximum: L.maxSceneDuration,
    description: 'Seconds of each scene (one a distinct piece: pieces with the same template are shown once)',
  })
  duration?: number;
  @ApiPropertyOptional({
    enum: [...MOTIONS],
    description: `Motion of every scene. Default: for each scene, ${FAMILY_PRESET_DESCRIPTION}. The job's \`request.video.scenes\` records each scene's \`template\`, \`motion\`, \`transition\` and \`preset\` (null when a motion was named)`,
  })
  motion?: string;
  @ApiPropertyOptional({ enum: [...EASINGS], description: "Easing of the motion (default the motion's own)" })
  easing?: string;
  @ApiPropertyOptional({
    enum: [...TRANSITIONS],
    description: `Transition out of each scene into the next. Default: each scene's family preset transition when no \`motion\` is named, \`${D.transition}\` when one is`,
  })
  transition?: string;
  @ApiPropertyOptional({
    type: Number,
    default: L.defaultTransitionDuration,
    minimum: 0,
    maximum: L.maxSceneDuration / 2,
    description: 'Seconds each transition takes, centred on the cut',
  })
  transition_duration?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: L.minSide,
    maximum: L.maxWidth,
    description: `With \`height\`: the video's size; default the first piece's (fitted within ${L.maxWidth}x${L.maxHeight}, even). Every piece is laid out again at this size (its template with the campaign's brief), so it fills the frame`,
  })
  width?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: L.minSide, maximum: L.maxHeight, description: "With `width`: the video's height" })
  height?: number;
  @ApiPropertyOptional({ type: 'integer', default: L.defaultFps, minimum: L.minFps, maximum: L.maxFps, description: 'Frames per second' })
  fps?: number;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...VIDEO_FORMATS] },
    default: ['mp4'],
    description: 'Outputs (mp4, webm, gif), each an artifact, plus the poster',
  })
  formats?: string[];
  @ApiPropertyOptional({ type: GifOptionsDto, description: 'GIF options (when `formats` includes gif)' })
  gif?: GifOptionsDto;
  @ApiPropertyOptional({ type: VideoAudioDto, description: 'Audio over the whole video' })
  audio?: VideoAudioDto;
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Move the cuts between scenes to the beats of `audio`' })
  beat_sync?: boolean;
}

/** CampaignFullCreate: a campaign (as POST /v1/campaigns) plus a video assembled from its pieces, in one job. */
export class CreateCampaignFullDto extends CreateCampaignDto {
  @ApiPropertyOptional({
    type: CampaignVideoDto,
    nullable: true,
    description:
      "How the pieces become a video, one scene a distinct piece (default: 3 s each, each scene moving in its template family's style, the first piece's size, mp4)",
  })
  @IsOptional()
  @IsObject()
  video?: Record<string, unknown> | null;

  @CallbackUrlField()
  callback_url?: string | null;
}
