import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { MOTIONS, TRANSITIONS, VIDEO_LIMITS } from '@platform/creative-video';
import { BillingResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { JobDto } from '../jobs/dto/job.dto';
import { AnimateDto } from './dto/animate.dto';
import { ProceduralVideoDto } from './dto/procedural-video.dto';
import { VideoCreateDto } from './dto/video-create.dto';
import { VideosUseCases } from './videos.use-cases';

const L = VIDEO_LIMITS;

/** What every video operation says about itself, once. */
export const VIDEO_JOB_NOTE =
  'Answers 202 with the job (`queued`): poll GET /v1/jobs/{job_id}, or give `callback_url`. Everything a request can get wrong is refused here, before the job exists ' +
  '(404 for a design or asset the account does not have, 422 with `loc` for the rest), so a job fails only for reasons that arise while it runs. ' +
  'When it succeeds, its `artifacts` hold one per format (role `mp4`, `webm`, `gif`) and the poster PNG (role `poster`), each with a URL that works without ' +
  'credentials; its `result` has duration, fps, width, height, frames and cuts (seconds where each scene starts). ' +
  `Limits: ${L.minDuration} to ${L.maxSceneDuration} s per scene, ${L.maxDuration} s and ${L.maxScenes} scenes per video, fps ${L.minFps}–${L.maxFps}, ` +
  `${L.minSide} to ${L.maxWidth}x${L.maxHeight} px (even sides for mp4 and webm), GIF at most ${L.gifMaxWidth} px wide and ${L.gifMaxFps} fps. ` +
  `Motions: ${MOTIONS.join(', ')}. Transitions: ${TRANSITIONS.join(', ')} (GET /v1/capabilities describes each).`;

const ACCEPTED = ApiAcceptedResponse({ type: JobDto, description: 'The job, `queued`; its `request` shows every default applied' });

@ApiTags('videos')
@ErrorResponses()
@BillingResponses()
@Controller('v1/designs')
export class AnimateController {
  constructor(private readonly videos: VideosUseCases) {}

  @Post(':design_id/animate')
  @HttpCode(202)
  @ApiParam({ name: 'design_id', example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @ApiOperation({
    summary: "Animate a design into a video (job `animate`)",
    description:
      "The design's current revision (pinned when the job is accepted: later edits do not change it) with a motion over `duration` seconds, " +
      'at the design\'s size by default, optionally with an audio asset (volume, loop, fades, loudness normalization). ' +
      '`stagger` brings the design\'s top-level nodes in one after another over its background. ' +
      VIDEO_JOB_NOTE,
  })
  @ACCEPTED
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found: no such design in this account; asset_not_found: no such audio asset' })
  async animate(@Auth() auth: AuthContext, @Param('design_id') designId: string, @Body() body: AnimateDto): Promise<JobDto> {
    return this.videos.animate(auth, designId, body);
  }
}

@ApiTags('videos')
@ErrorResponses()
@Controller('v1/videos')
export class VideosController {
  constructor(private readonly videos: VideosUseCases) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Assemble a video from scenes (job `video`)',
    description:
      'Each scene has exactly one source: `design_id` (its current revision, pinned now), `template` with `brief` (laid out at the video\'s size with the brand kit), ' +
      '`asset_id` (an image, scaled to cover) or `procedural` (a style animated by its phase, a seamless loop), plus its `duration` (default 3), `motion` (default none), ' +
      '`transition` into the next (default none, a cut), `focal` and its own `audio`. The video\'s `audio` plays over the whole timeline, mixed in one pass; ' +
      '`beat_sync` moves the cuts to the nearest beats of that audio (the result lists `beats`, `bpm` and the `cuts` used). ' +
      VIDEO_JOB_NOTE,
  })
  @ACCEPTED
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found: a scene names a design the account does not have; asset_not_found: an image or audio asset it does not have' })
  async create(@Auth() auth: AuthContext, @Body() body: VideoCreateDto): Promise<JobDto> {
    return this.videos.create(auth, body);
  }

  @Post('procedural')
  @HttpCode(202)
  @ApiOperation({
    summary: 'A procedural video (job `procedural_video`)',
    description:
      'One segment per style (`styles`, or `style`; default mesh), each `duration` seconds (default 3) and a seamless loop of the style\'s `phase`, ' +
      'with the same seed, density, palette or tone, title and eyebrow, joined by `transition` (default fade). Default size 1080x1080. ' +
      VIDEO_JOB_NOTE,
  })
  @ACCEPTED
  async procedural(@Auth() auth: AuthContext, @Body() body: ProceduralVideoDto): Promise<JobDto> {
    return this.videos.procedural(auth, body);
  }
}
