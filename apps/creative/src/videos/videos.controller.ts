import { Body, Controller, HttpCode, OnModuleInit, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { JobDto } from '../jobs/dto/job.dto';
import { ProceduralVideoDto } from './dto/procedural-video.dto';
import { VideoCreateDto } from './dto/video-create.dto';
import { currentIdempotencyClaim, IdempotencyService, IdempotentEffect } from '@platform/http';
import { onVideoJobLapsed, VIDEO_JOB_ACCEPTED, VIDEO_JOB_EFFECT, VIDEO_JOB_NOTE } from './video-job-docs';
import { VideosUseCases } from './videos.use-cases';

@ApiTags('videos')
@ErrorResponses()
@Controller('v1/videos')
export class VideosController implements OnModuleInit {
  constructor(
    private readonly videos: VideosUseCases,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    onVideoJobLapsed(this.idempotency, this.videos);
  }

  @Post()
  @HttpCode(202)
  @IdempotentEffect(VIDEO_JOB_EFFECT)
  @ApiOperation({
    summary: 'Assemble a video from scenes (job `video`)',
    description:
      "Each scene has exactly one source: `design_id` (its current revision, pinned now), `template` with `brief` (laid out at the video's size with the brand kit), " +
      '`asset_id` (an image, scaled to cover) or `procedural` (a style animated by its phase, a seamless loop), plus its `duration` (default 3), `motion` (default none), ' +
      "`transition` into the next (default none, a cut), `focal` and its own `audio`. The video's `audio` plays over the whole timeline, mixed in one pass; " +
      '`beat_sync` moves the cuts to the nearest beats of that audio (the result lists `beats`, `bpm` and the `cuts` used). ' +
      VIDEO_JOB_NOTE,
  })
  @VIDEO_JOB_ACCEPTED
  @ApiNotFoundResponse({
    type: ErrorDto,
    description: 'not_found: a scene names a design, an image or an audio asset the account does not have (the message names it)',
  })
  async create(@Auth() auth: AuthContext, @Body() body: VideoCreateDto): Promise<JobDto> {
    return this.videos.create(auth, body, currentIdempotencyClaim()?.ref ?? null);
  }

  @Post('procedural')
  @HttpCode(202)
  @IdempotentEffect(VIDEO_JOB_EFFECT)
  @ApiOperation({
    summary: 'A procedural video (job `procedural_video`)',
    description:
      "One segment per style (`styles`, or `style`; default mesh), each `duration` seconds (default 3) and a seamless loop of the style's `phase`, " +
      'with the same seed, density, palette or tone, title and eyebrow, joined by `transition` (default fade). Default size 1080x1080. ' +
      VIDEO_JOB_NOTE,
  })
  @VIDEO_JOB_ACCEPTED
  async procedural(@Auth() auth: AuthContext, @Body() body: ProceduralVideoDto): Promise<JobDto> {
    return this.videos.procedural(auth, body, currentIdempotencyClaim()?.ref ?? null);
  }
}
