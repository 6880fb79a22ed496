import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { campaignCharge } from '../billing/job-charges';
import { BillingResponses, ErrorDto, ErrorResponses } from '../common/error-responses';
import { JobDto } from '../jobs/dto/job.dto';
import { JobsService } from '../jobs/jobs.service';
import { VideoRequestsService } from '../videos/video-requests.service';
import { VIDEO_JOB_NOTE } from '../videos/video-job-docs';
import { CampaignsService } from './campaigns.service';
import { CreateCampaignFullDto } from './dto/campaign-full.dto';
import type { StoredCampaignFull } from '../videos/video-request';

@ApiTags('campaigns')
@ErrorResponses()
@BillingResponses()
@Controller('v1/campaigns')
export class CampaignFullController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly requests: VideoRequestsService,
    private readonly jobs: JobsService,
  ) {}

  @Post('full')
  @HttpCode(202)
  @ApiOperation({
    summary: 'A campaign and a video of its pieces (job `campaign_full`)',
    description:
      'Renders the campaign exactly as POST /v1/campaigns does (every piece a design and its PNG), then assembles a video from the pieces\' designs in order ' +
      '(`video`: duration per piece, motion, transition, size, fps, formats, audio, beat_sync). One job: its `result` has `campaign_id` and the `pieces` ' +
      '(GET /v1/campaigns/{id} reads the campaign) and the `video` (duration, fps, size, frames, cuts); its `artifacts` hold each piece\'s PNG (role `piece`), ' +
      'the video outputs and the poster. ' +
      VIDEO_JOB_NOTE,
  })
  @ApiAcceptedResponse({ type: JobDto, description: 'The job, `queued`; its `request` shows every default applied' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'asset_not_found: the audio asset is not one of the account\'s' })
  async create(@Auth() auth: AuthContext, @Body() body: CreateCampaignFullDto): Promise<JobDto> {
    const checked = this.campaigns.check({ brief: body.brief, formats: body.formats, template: body.template });
    const video = await this.requests.campaignVideo(auth.accountId, body.video, checked.pieces, ['body', 'video']);
    const request: StoredCampaignFull = { brief: checked.brief, formats: body.formats ?? null, template: body.template ?? null, video };
    return this.jobs.create({ accountId: auth.accountId, kind: 'campaign_full', request: request as unknown as Record<string, unknown>, callbackUrl: body.callback_url, charge: campaignCharge(checked.sizes, video), credentialId: auth.credentialId });
  }
}
