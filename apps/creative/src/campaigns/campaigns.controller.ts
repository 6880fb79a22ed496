import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect } from '@platform/http';
import { BillingResponses, ErrorDto, ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import { CAMPAIGN_EFFECT, CampaignsUseCases } from './campaigns.use-cases';
import { CampaignDto, CampaignFormatDto, CreateCampaignDto } from './dto/campaign.dto';

@ApiTags('campaigns')
@ErrorResponses()
@ApiExtraModels(CampaignFormatDto)
@Controller('v1/campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsUseCases) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'One brief in every format',
    description:
      "Each format becomes a design (the brand kit applied) rendered into a PNG artifact, all with the brief's seed (or one chosen for the campaign), " +
      'so the pieces look like one family. Synchronous: the answer has every piece with its design, artifact and a signed URL; if one piece fails, ' +
      'nothing is kept. Read it again with GET /v1/campaigns/{id}. With an `Idempotency-Key`, a retry after the process making the campaign died ' +
      '(its hold on the key lapsed, about 30 s) answers 200 with the campaign that process stored (the same `id`), or makes it, reusing the pieces ' +
      'that process stored: one campaign and one charge either way.',
  })
  @ApiOkResponse({ type: CampaignDto })
  @RenderErrorResponses()
  @BillingResponses()
  @IdempotentEffect(CAMPAIGN_EFFECT)
  async create(@Auth() auth: AuthContext, @Body() body: CreateCampaignDto): Promise<CampaignDto> {
    return this.campaigns.create(auth, body, currentIdempotencyClaim()?.ref ?? null);
  }

  @Get(':campaign_id')
  @ApiOperation({ summary: 'A campaign and its pieces', description: 'Each piece with its artifact and a new signed URL.' })
  @ApiParam({ name: 'campaign_id', example: 'cmp_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @ApiOkResponse({ type: CampaignDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  async get(@Auth() auth: AuthContext, @Param('campaign_id') id: string): Promise<CampaignDto> {
    return this.campaigns.get(auth, id);
  }
}
