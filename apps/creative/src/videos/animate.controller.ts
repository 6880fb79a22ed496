import { Body, Controller, HttpCode, OnModuleInit, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { BillingResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { JobDto } from '../jobs/dto/job.dto';
import { AnimateDto } from './dto/animate.dto';
import { currentIdempotencyClaim, IdempotencyService, IdempotentEffect } from '@platform/http';
import { onVideoJobLapsed, VIDEO_JOB_ACCEPTED, VIDEO_JOB_EFFECT, VIDEO_JOB_NOTE } from './video-job-docs';
import { VideosUseCases } from './videos.use-cases';

@ApiTags('videos')
@ErrorResponses()
@BillingResponses()
@Controller('v1/designs')
export class AnimateController implements OnModuleInit {
  constructor(
    private readonly videos: VideosUseCases,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    onVideoJobLapsed(this.idempotency, this.videos);
  }

  @Post(':design_id/animate')
  @HttpCode(202)
  @IdempotentEffect(VIDEO_JOB_EFFECT)
  @ApiParam({ name: 'design_id', example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @ApiOperation({
    summary: 'Animate a design into a video (job `animate`)',
    description:
      "The design's current revision (pinned when the job is accepted: later edits do not change it) with a motion over `duration` seconds, " +
      "at the design's size by default, optionally with an audio asset (volume, loop, fades, loudness normalization). " +
      "`stagger` brings the design's top-level nodes in one after another over its background. " +
      VIDEO_JOB_NOTE,
  })
  @VIDEO_JOB_ACCEPTED
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found: no such design, or no such audio asset, in this account' })
  async animate(@Auth() auth: AuthContext, @Param('design_id') designId: string, @Body() body: AnimateDto): Promise<JobDto> {
    return this.videos.animate(auth, designId, body, currentIdempotencyClaim()?.ref ?? null);
  }
}
