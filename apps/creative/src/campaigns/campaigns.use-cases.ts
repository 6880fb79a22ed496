import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { IdempotencyService } from '@platform/http';
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
 * The `EffectLookup` of a campaign (`POST /v1/campaigns`, MCP `create_campaign`, workflow `campaign.create`): the
 * campaign stored under the claim answers (its charge settled once); none: the retry makes it, reusing the pieces'
 * designs (and their renders) the dead process stored.
 */
export const CAMPAIGN_EFFECT = 'creative.campaign';

/** The `EffectLookup` of a full campaign (`POST /v1/campaigns/full`): the job recorded under the claim answers (202). */
export const CAMPAIGN_FULL_EFFECT = 'creative.campaign-full';

/**
 * The campaigns' use cases as REST, MCP and workflow steps run them: checked whole (422) before anything is reserved,
 * then billed as the sum of the pieces (and the video, for a campaign with video, which is a job).
 */
@Injectable()
export class CampaignsUseCases implements OnModuleInit {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly metering: Metering,
    private readonly requests: VideoRequestsService,
    private readonly jobs: JobsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // Registered with the use cases: REST, MCP tools and workflow steps name them, in whichever process runs them.
    this.idempotency.onLapsed(CAMPAIGN_EFFECT, async (accountId, ref) => {
      const campaign = await this.createdUnder(accountId, ref);
      return campaign && { status: HttpStatus.OK, body: campaign };
    });
    this.idempotency.onLapsed(CAMPAIGN_FULL_EFFECT, async (accountId, ref) => {
      const job = await this.jobs.createdUnder(accountId, ref);
      return job && { status: HttpStatus.ACCEPTED, body: job };
    });
  }

  /**
   * `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the campaign, on its pieces'
   * designs (`pieceRef`) and on the charge's reservation: a retry after this process died finds them (`createdUnder`;
   * `Metering.metered` settles the reservation the dead process held instead of reserving a second).
   */
  async create(auth: AuthContext, body: CreateCampaignDto, ref: string | null = null): Promise<CampaignDto> {
    const input = { brief: body.brief, formats: body.formats, template: body.template };
    // Checked (422) before anything is reserved; the charge is the sum of the pieces.
    const { sizes } = this.campaigns.check(input);
    return this.metering.metered({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef: ref }, campaignCharge(sizes), () =>
      this.campaigns.create(auth.accountId, input, ref),
    );
  }

  /**
   * The answer of a campaign whose process died after it stored the campaign: that campaign (as GET answers it), or
   * null when none was stored under `ref` (the request then runs again). Its charge is settled once, found by the same
   * `ref`: captured, nothing more; held by the dead process, captured now; released by the reservation sweep or never
   * made, charged now (402 when the balance cannot cover it, the key left for a later retry).
   */
  async createdUnder(accountId: string, ref: string): Promise<CampaignDto | null> {
    const campaign = await this.campaigns.createdUnder(accountId, ref);
    if (!campaign) return null;
    return this.metering.metered({ accountId, credentialId: null, idempotencyRef: ref }, campaignCharge(campaign.pieces), async () => campaign);
  }

  get(auth: AuthContext, campaignId: string): Promise<CampaignDto> {
    return this.campaigns.get(auth.accountId, campaignId);
  }

  /** A campaign and a video of its pieces: one job (`campaign_full`); `ref` as `create`'s, recorded on the job. */
  async createWithVideo(auth: AuthContext, body: CreateCampaignFullDto, ref: string | null = null): Promise<JobDto> {
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
      // The job records the key's claim: a retry after this process died answers it (`CAMPAIGN_FULL_EFFECT`).
      idempotencyRef: ref,
    });
  }
}
