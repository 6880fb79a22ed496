import { Inject, Injectable, type Type } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import type { AuthContext } from '@platform/auth';
import { AssetDto } from '../assets/dto/asset.dto';
import { AssetsService } from '../assets/assets.service';
import { TransformAssetDto } from '../assets/dto/transform-asset.dto';
import { CampaignsService } from '../campaigns/campaigns.service';
import { CreateCampaignDto } from '../campaigns/dto/campaign.dto';
import type { CreativeConfig } from '../config';
import { DesignsService, type DesignState, type RenderAsk } from '../designs/designs.service';
import { AddNodeDto, CreateDesignDto, DesignDto, PatchNodeDto, UpdateDesignDto } from '../designs/dto/design.dto';
import { JobsService } from '../jobs/jobs.service';
import { DesignRendersService } from '../rendering/design-renders.service';
import { ProceduralRenderDto } from '../rendering/dto/procedural.dto';
import { RenderRequestDto, RenderResultDto } from '../rendering/dto/render-result.dto';
import { renderLocs, resolveRender, type RenderRequest } from '../rendering/render.service';
import { ToolsService } from '../rendering/tools.service';
import { AnimateDto } from '../videos/dto/animate.dto';
import { ProceduralVideoDto } from '../videos/dto/procedural-video.dto';
import { VideoCreateDto } from '../videos/dto/video-create.dto';
import { VideoRequestsService } from '../videos/video-requests.service';
import { GenerationCreateDto, PlanningRequestDto, VisionBriefDto } from './dto/intelligence.dto';
import { GenerationsService } from './generations.service';
import { PlanningService } from './planning.service';
import { VisionBriefsService } from './vision-briefs.service';

/** The type of an operation's result field, for checking `$steps.<id>.<field>` references before anything runs. */
export type FieldType = 'string' | 'number' | 'object' | 'array' | 'boolean' | 'any';

export interface OperationDef {
  /** What it does, for the documentation. */
  summary: string;
  /** The REST body class its params are validated with (exactly as the endpoint validates them). */
  dto: Type<object>;
  /** Path parameters of the REST route, given in params (required strings). */
  path: string[];
  /** The fields of its result a later step or `outputs` may name. */
  outputs: Record<string, FieldType>;
  run(auth: AuthContext, params: Record<string, unknown>, body: object): Promise<Record<string, unknown>>;
}

const DESIGN_OUT: Record<string, FieldType> = {
  design_id: 'string',
  id: 'string',
  revision: 'number',
  title: 'any',
  template: 'any',
  width: 'number',
  height: 'number',
  brief: 'object',
  ir: 'object',
  render: 'object',
  preview_url: 'string',
};
const RENDER_OUT: Record<string, FieldType> = { design_id: 'string', revision: 'number', format: 'string', width: 'number', height: 'number', cached: 'boolean', artifact: 'object', signed_url: 'object', warnings: 'array' };
const JOB_OUT: Record<string, FieldType> = { job_id: 'string', id: 'string', kind: 'string', status: 'string', request: 'object' };

/** The operations a workflow step may name, each calling the same service methods as its REST endpoint. */
@Injectable()
export class WorkflowOperations {
  readonly all: Record<string, OperationDef>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly designs: DesignsService,
    private readonly renders: DesignRendersService,
    private readonly campaigns: CampaignsService,
    private readonly tools: ToolsService,
    private readonly assets: AssetsService,
    private readonly videos: VideoRequestsService,
    private readonly jobs: JobsService,
    private readonly generations: GenerationsService,
    private readonly visionBriefs: VisionBriefsService,
    private readonly planning: PlanningService,
  ) {
    const base = this.config.publicBaseUrl;
    const ask = (render: RenderRequest | null | undefined): RenderAsk | null => (render ? { request: render, loc: ['body', 'render'] } : null);
    /** The design after a change, rendered when asked: what the designs controller answers. */
    const answer = async (auth: AuthContext, state: DesignState, a: RenderAsk | null) => {
      let render: RenderResultDto | null = null;
      if (a) {
        const { design, revision } = state;
        const resolved = resolveRender(design.width, design.height, a.request, a.loc);
        const stored = await this.renders.render(auth.accountId, { designId: design.id, revision: revision.revision, ir: revision.ir }, resolved, renderLocs(a.loc));
        render = RenderResultDto.from(design.id, revision.revision, stored, base);
      }
      const dto = DesignDto.of(state.design, state.revision, base, render);
      return { design_id: dto.id, ...dto } as Record<string, unknown>;
    };
    const job = (dto: { id: string }) => ({ job_id: dto.id, ...dto }) as Record<string, unknown>;
    const str = (v: unknown) => v as string;

    this.all = {
      'design.create': {
        summary: 'POST /v1/designs',
        dto: CreateDesignDto,
        path: [],
        outputs: DESIGN_OUT,
        run: async (auth, _p, b) => {
          const body = b as CreateDesignDto;
          const a = ask(body.render);
          const state = await this.designs.create(auth.accountId, { brief: body.brief, ir: body.ir, template: body.template, bundle: body.bundle, title: body.title }, a);
          return answer(auth, state, a);
        },
      },
      'design.update': {
        summary: 'PATCH /v1/designs/{design_id}',
        dto: UpdateDesignDto,
        path: ['design_id'],
        outputs: DESIGN_OUT,
        run: async (auth, p, b) => {
          const body = b as UpdateDesignDto;
          const a = ask(body.render);
          return answer(auth, await this.designs.update(auth.accountId, str(p.design_id), undefined, { brief: body.brief, ir: body.ir, template: body.template, title: body.title }, a), a);
        },
      },
      'design.render': {
        summary: 'POST /v1/designs/{design_id}/render',
        dto: RenderRequestDto,
        path: ['design_id'],
        outputs: RENDER_OUT,
        run: async (auth, p, b) => {
          const design = await this.designs.outline(auth.accountId, str(p.design_id));
          const resolved = resolveRender(design.width, design.height, b as RenderRequestDto, ['body']);
          const ir = this.designs.revisionIr(design.id, design.revision);
          ir.catch(() => undefined);
          const out = await this.renders.render(auth.accountId, { designId: design.id, revision: design.revision, ir: () => ir }, resolved, renderLocs(['body']));
          return { ...RenderResultDto.from(design.id, design.revision, out, base) } as Record<string, unknown>;
        },
      },
      'node.add': {
        summary: 'POST /v1/designs/{design_id}/nodes',
        dto: AddNodeDto,
        path: ['design_id'],
        outputs: DESIGN_OUT,
        run: async (auth, p, b) => {
          const body = b as AddNodeDto;
          const a = ask(body.render);
          return answer(auth, await this.designs.addNode(auth.accountId, str(p.design_id), undefined, { node: body.node, parentId: body.parent_id, index: body.index }, a), a);
        },
      },
      'node.patch': {
        summary: 'PATCH /v1/designs/{design_id}/nodes/{node_id}',
        dto: PatchNodeDto,
        path: ['design_id', 'node_id'],
        outputs: DESIGN_OUT,
        run: async (auth, p, b) => {
          const body = b as PatchNodeDto;
          const a = ask(body.render);
          return answer(auth, await this.designs.patchNode(auth.accountId, str(p.design_id), undefined, str(p.node_id), body.patch, a), a);
        },
      },
      'campaign.create': {
        summary: 'POST /v1/campaigns',
        dto: CreateCampaignDto,
        path: [],
        outputs: { campaign_id: 'string', id: 'string', pieces: 'array', brief: 'object', seed: 'number' },
        run: async (auth, _p, b) => {
          const body = b as CreateCampaignDto;
          const c = await this.campaigns.create(auth.accountId, { brief: body.brief, formats: body.formats, template: body.template });
          return { campaign_id: c.id, ...c } as unknown as Record<string, unknown>;
        },
      },
      'procedural.render': {
        summary: 'POST /v1/procedural/render',
        dto: ProceduralRenderDto,
        path: [],
        outputs: { artifact: 'object', signed_url: 'object', palette: 'array', style: 'string', seed: 'number', width: 'number', height: 'number' },
        run: async (auth, _p, b) => ({ ...(await this.tools.procedural(auth.accountId, b as ProceduralRenderDto)) }) as Record<string, unknown>,
      },
      'asset.transform': {
        summary: 'POST /v1/assets/{asset_id}/transform',
        dto: TransformAssetDto,
        path: ['asset_id'],
        outputs: { asset_id: 'string', id: 'string', width: 'number', height: 'number', mime: 'string', content_url: 'string' },
        run: async (auth, p, b) => {
          const body = b as TransformAssetDto;
          const asset = await this.assets.transform(auth.accountId, str(p.asset_id), {
            operations: body.operations,
            outputFormat: body.output_format ?? 'png',
            quality: body.quality ?? 92,
            background: body.background ?? '#FFFFFF',
            filename: body.filename ?? null,
          });
          const dto = AssetDto.from(asset, base);
          return { asset_id: dto.id, ...dto } as unknown as Record<string, unknown>;
        },
      },
      'generation.create': {
        summary: 'POST /v1/generations',
        dto: GenerationCreateDto,
        path: [],
        outputs: { asset_id: 'string', artifact_id: 'string', asset: 'object', artifact: 'object', signed_url: 'object', palette: 'array', seed: 'any', provider: 'string', model: 'string' },
        run: async (auth, _p, b) => {
          const g = await this.generations.generate({ accountId: auth.accountId, credentialId: auth.credentialId }, b as GenerationCreateDto);
          return { asset_id: g.asset.id, artifact_id: g.artifact.id, ...g } as unknown as Record<string, unknown>;
        },
      },
      'brief.from_image': {
        summary: 'POST /v1/briefs/from-image',
        dto: VisionBriefDto,
        path: [],
        outputs: { brief: 'object', analysis: 'object', provider: 'string', model: 'any', warnings: 'array' },
        run: async (auth, _p, b) => ({ ...(await this.visionBriefs.fromImage({ accountId: auth.accountId, credentialId: auth.credentialId }, b as VisionBriefDto)) }) as unknown as Record<string, unknown>,
      },
      'planning.brief': {
        summary: 'POST /v1/planning/brief',
        dto: PlanningRequestDto,
        path: [],
        outputs: { brief: 'object', formats: 'array', workflow: 'object', estimate: 'object', provider: 'string', model: 'any', warnings: 'array', video: 'boolean' },
        run: async (auth, _p, b) => ({ ...(await this.planning.plan({ accountId: auth.accountId, credentialId: auth.credentialId }, b as PlanningRequestDto)) }) as unknown as Record<string, unknown>,
      },
      'video.animate': {
        summary: 'POST /v1/designs/{design_id}/animate (202: its job)',
        dto: AnimateDto,
        path: ['design_id'],
        outputs: JOB_OUT,
        run: async (auth, p, b) => {
          const body = b as AnimateDto;
          const request = await this.videos.animate(auth.accountId, str(p.design_id), body);
          return job(await this.jobs.create({ accountId: auth.accountId, kind: 'animate', request: request as unknown as Record<string, unknown>, callbackUrl: body.callback_url }));
        },
      },
      'video.create': {
        summary: 'POST /v1/videos (202: its job)',
        dto: VideoCreateDto,
        path: [],
        outputs: JOB_OUT,
        run: async (auth, _p, b) => {
          const body = b as VideoCreateDto;
          const request = await this.videos.video(auth.accountId, body);
          return job(await this.jobs.create({ accountId: auth.accountId, kind: 'video', request: request as unknown as Record<string, unknown>, callbackUrl: body.callback_url }));
        },
      },
      'video.procedural': {
        summary: 'POST /v1/videos/procedural (202: its job)',
        dto: ProceduralVideoDto,
        path: [],
        outputs: JOB_OUT,
        run: async (auth, _p, b) => {
          const body = b as ProceduralVideoDto;
          const request = this.videos.procedural(body);
          return job(await this.jobs.create({ accountId: auth.accountId, kind: 'procedural_video', request: request as unknown as Record<string, unknown>, callbackUrl: body.callback_url }));
        },
      },
    };
  }
}
