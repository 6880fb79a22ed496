import { defineOperation } from '../common/operation';
import { CAMPAIGN_EFFECT, CAMPAIGN_FULL_EFFECT, CampaignsUseCases } from './campaigns.use-cases';
import { CreateCampaignFullDto } from './dto/campaign-full.dto';
import { CreateCampaignDto } from './dto/campaign.dto';

/** The campaigns' operations (see `OperationSpec`). */
export const CAMPAIGN_OPERATIONS = {
  create: defineOperation({
    id: 'Campaigns_create',
    method: 'POST',
    path: '/v1/campaigns',
    status: 200,
    effect: CAMPAIGN_EFFECT,
    useCases: CampaignsUseCases,
    input: { body: CreateCampaignDto },
    run: (u, auth, { body, ref }) => u.create(auth, body, ref),
  }),
  get: defineOperation({
    id: 'Campaigns_get',
    method: 'GET',
    path: '/v1/campaigns/{campaign_id}',
    status: 200,
    useCases: CampaignsUseCases,
    input: {},
    run: (u, auth, { path }) => u.get(auth, path.campaign_id),
  }),
  createWithVideo: defineOperation({
    id: 'CampaignFull_create',
    method: 'POST',
    path: '/v1/campaigns/full',
    status: 202,
    effect: CAMPAIGN_FULL_EFFECT,
    useCases: CampaignsUseCases,
    input: { body: CreateCampaignFullDto },
    run: (u, auth, { body, ref }) => u.createWithVideo(auth, body, ref),
  }),
};
