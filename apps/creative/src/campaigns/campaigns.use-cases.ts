import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { campaignCharge } from '../billing/job-charges';
import { Metering } from '../billing/metering';
import type { JobDto } from '../jobs/dto/job.dto';
import { JobsService } from '../jobs/jobs.service';
import type { StoredCampaignFull } from '../videos/video-request';
import { VideoRequestsService } from '../videos/video-requests.service';
import { CampaignsService } from './campaigns.service';
import type { CampaignDto, CreateCampaignDto } from './dto/campaign.dto';
import type { CreateCampaignFullDto } from './dto/campaign-full.dto';

/**
 * The campaigns' use cases as REST, MCP and workflow steps run them: checked whole (422) before anything is reserved,
 * then billed as the sum of the pieces (and the video, for a campaign with video, which is a job).
 */
@Injectable()
export class CampaignsUseCases {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly metering: Metering,
    private readonly requests: VideoRequestsService,
    private readonly jobs: JobsService,
  ) {}

  async create(auth: AuthContext, body: CreateCampaignDto): Promise<CampaignDto> {
    const input = { brief: body.brief, formats: body.formats, template: body.template };
    // Checked (422) before anything is reserved; the charge is the sum of the pieces.
    const { sizes } = this.campaigns.check(input);
    return this.metering.metered({ accountId: auth.accountId, credentialId: auth.credentialId }, campaignCharge(sizes), () =>
      this.campaigns.create(auth.accountId, input),
    );
  }

  get(auth: AuthContext, campaignId: string): Promise<CampaignDto> {
    return this.campaigns.get(auth.accountId, campaignId);
  }

  /** A campaign and a video of its pieces: one job (`campaign_full`). */
  async createWithVideo(auth: AuthContext, body: CreateCampaignFullDto): Promise<JobDto> {
    const checked = this.campaigns.check({ brief: body.brief, formats: body.formats, template: body.template });
    // The video has one scene a distinct piece (`videoScenes`): its length, its limit and its charge count those.
    const video = await this.requests.campaignVideo(auth.accountId, body.video, checked.sceneTemplates, ['video']);
    const request: StoredCampaignFull = { brief: checked.brief, formats: body.formats ?? null, template: body.template ?? null, video };
    return this.jobs.create({
      accountId: auth.accountId,
      kind: 'campaign_full',
      request: request as unknown as Record<string, unknown>,
      callbackUrl: body.callback_url,
      charge: campaignCharge(checked.sizes, { ...video, scenes: checked.scenes }),
      credentialId: auth.credentialId,
    });
  }
}
