import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect } from '@platform/http';
import { BillingResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { JobDto } from '../jobs/dto/job.dto';
import { VIDEO_JOB_NOTE } from '../videos/video-job-docs';
import { CAMPAIGN_FULL_EFFECT, CampaignsUseCases } from './campaigns.use-cases';
import { CreateCampaignFullDto } from './dto/campaign-full.dto';

@ApiTags('campaigns')
@ErrorResponses()
@BillingResponses()
@Controller('v1/campaigns')
export class CampaignFullController {
  constructor(private readonly campaigns: CampaignsUseCases) {}

  @Post('full')
  @HttpCode(202)
  @ApiOperation({
    summary: 'A campaign and a video of its pieces (job `campaign_full`)',
    description:
      'Renders the campaign exactly as POST /v1/campaigns does (every piece a design and its PNG), then assembles a video of its distinct pieces in order, ' +
      "each laid out again at the video's size (its template with the campaign's brief and seed: it fills the frame, no bars); pieces with the same " +
      'template are one scene, and the video is charged for those scenes (`video`: duration per scene, motion, transition, size, fps, formats, audio, ' +
      'beat_sync). One job: its `result` has `campaign_id` and the `pieces` (GET /v1/campaigns/{id} reads the campaign) and the `video` (duration, fps, ' +
      "size, frames, cuts, and `scenes`: each scene's template and the positions of the pieces it shows); its `artifacts` hold each piece's PNG (role `piece`), " +
      'the video outputs and the poster. ' +
      VIDEO_JOB_NOTE,
  })
  @ApiAcceptedResponse({ type: JobDto, description: 'The job, `queued`; its `request` shows every default applied' })
  @ApiNotFoundResponse({ type: ErrorDto, description: "not_found: the audio asset is not one of the account's" })
  @IdempotentEffect(CAMPAIGN_FULL_EFFECT)
  async create(@Auth() auth: AuthContext, @Body() body: CreateCampaignFullDto): Promise<JobDto> {
    return this.campaigns.createWithVideo(auth, body, currentIdempotencyClaim()?.ref ?? null);
  }
}
