import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { AuthContext } from '@platform/auth';
import { IdempotencyInterceptor } from '@platform/http';
import { AssetsController } from '../assets/assets.controller';
import { TransformAssetDto } from '../assets/dto/transform-asset.dto';
import { CampaignsController } from '../campaigns/campaigns.controller';
import { CreateCampaignDto } from '../campaigns/dto/campaign.dto';
import { RouteInvoker, type RouteRef } from '../common/route-invoker';
import { DesignsController } from '../designs/designs.controller';
import { AddNodeDto, CreateDesignDto, PatchNodeDto, UpdateDesignDto } from '../designs/dto/design.dto';
import { DesignOutputController } from '../rendering/design-output.controller';
import { ProceduralRenderDto } from '../rendering/dto/procedural.dto';
import { RenderRequestDto } from '../rendering/dto/render-result.dto';
import { ToolsController } from '../rendering/tools.controller';
import { AnimateController } from '../videos/animate.controller';
import { AnimateDto } from '../videos/dto/animate.dto';
import { ProceduralVideoDto } from '../videos/dto/procedural-video.dto';
import { VideoCreateDto } from '../videos/dto/video-create.dto';
import { VideosController } from '../videos/videos.controller';
import { GenerationCreateDto, PlanningRequestDto, VisionBriefDto } from './dto/intelligence.dto';
import { GenerationsController } from './generations.controller';
import { PlanningController } from './planning.controller';
import { VisionBriefsController } from './vision-briefs.controller';

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
  /** Runs the step with its params (references resolved): path parameters and body as one object. */
  run(auth: AuthContext, params: Record<string, unknown>): Promise<Record<string, unknown>>;
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

/** An operation: the REST endpoint it runs (its controller method, called through `RouteInvoker`) and its result's aliases. */
interface Route {
  route: RouteRef;
  /** Result fields a later step names more plainly (`design_id` for a design's `id`…). */
  alias?: (body: Record<string, unknown>) => Record<string, unknown>;
}

const ref = <T>(controller: Type<T>, method: keyof T & string): RouteRef => ({ controller, method }) as RouteRef;
const idAs = (name: string) => (b: Record<string, unknown>) => ({ [name]: b.id });

/**
 * The operations a workflow step may name. Each runs its REST endpoint's controller method through `RouteInvoker`
 * (the same binding, validation, idempotency and billing as the REST call: one implementation), with the step's
 * params split into the route's path parameters and its body.
 */
@Injectable()
export class WorkflowOperations {
  readonly all: Record<string, OperationDef>;
  private readonly invoker: RouteInvoker;

  constructor(moduleRef: ModuleRef, idempotency: IdempotencyInterceptor) {
    this.invoker = new RouteInvoker(idempotency, <T>(type: Type<T>) => moduleRef.get(type, { strict: false }));
    const op = (summary: string, dto: Type<object>, path: string[], outputs: Record<string, FieldType>, r: Route): OperationDef => ({
      summary,
      dto,
      path,
      outputs,
      run: async (auth, params) => {
        const body = Object.fromEntries(Object.entries(params).filter(([k]) => !path.includes(k)));
        const pathParams = Object.fromEntries(path.map((k) => [k, String(params[k])]));
        const answer = await this.invoker.call(r.route, { auth, params: pathParams, query: {}, body });
        const out = JSON.parse(JSON.stringify(answer.body ?? {})) as Record<string, unknown>;
        return { ...(r.alias?.(out) ?? {}), ...out };
      },
    });

    this.all = {
      'design.create': op('POST /v1/designs', CreateDesignDto, [], DESIGN_OUT, { route: ref(DesignsController, 'create'), alias: idAs('design_id') }),
      'design.update': op('PATCH /v1/designs/{design_id}', UpdateDesignDto, ['design_id'], DESIGN_OUT, { route: ref(DesignsController, 'update'), alias: idAs('design_id') }),
      'design.render': op('POST /v1/designs/{design_id}/render', RenderRequestDto, ['design_id'], RENDER_OUT, { route: ref(DesignOutputController, 'render') }),
      'node.add': op('POST /v1/designs/{design_id}/nodes', AddNodeDto, ['design_id'], DESIGN_OUT, { route: ref(DesignsController, 'addNode'), alias: idAs('design_id') }),
      'node.patch': op('PATCH /v1/designs/{design_id}/nodes/{node_id}', PatchNodeDto, ['design_id', 'node_id'], DESIGN_OUT, { route: ref(DesignsController, 'patchNode'), alias: idAs('design_id') }),
      'campaign.create': op('POST /v1/campaigns', CreateCampaignDto, [], { campaign_id: 'string', id: 'string', pieces: 'array', brief: 'object', seed: 'number' }, {
        route: ref(CampaignsController, 'create'),
        alias: idAs('campaign_id'),
      }),
      'procedural.render': op(
        'POST /v1/procedural/render',
        ProceduralRenderDto,
        [],
        { artifact: 'object', signed_url: 'object', palette: 'array', style: 'string', seed: 'number', width: 'number', height: 'number' },
        { route: ref(ToolsController, 'procedural') },
      ),
      'asset.transform': op(
        'POST /v1/assets/{asset_id}/transform',
        TransformAssetDto,
        ['asset_id'],
        { asset_id: 'string', id: 'string', width: 'number', height: 'number', mime: 'string', content_url: 'string' },
        { route: ref(AssetsController, 'transform'), alias: idAs('asset_id') },
      ),
      'generation.create': op(
        'POST /v1/generations',
        GenerationCreateDto,
        [],
        { asset_id: 'string', artifact_id: 'string', asset: 'object', artifact: 'object', signed_url: 'object', palette: 'array', seed: 'any', provider: 'string', model: 'string' },
        {
          route: ref(GenerationsController, 'generate'),
          alias: (b) => ({ asset_id: (b.asset as { id?: string })?.id, artifact_id: (b.artifact as { id?: string })?.id }),
        },
      ),
      'brief.from_image': op('POST /v1/briefs/from-image', VisionBriefDto, [], { brief: 'object', analysis: 'object', provider: 'string', model: 'any', warnings: 'array' }, {
        route: ref(VisionBriefsController, 'fromImage'),
      }),
      'planning.brief': op(
        'POST /v1/planning/brief',
        PlanningRequestDto,
        [],
        { brief: 'object', formats: 'array', workflow: 'object', estimate: 'object', provider: 'string', model: 'any', warnings: 'array', video: 'boolean' },
        { route: ref(PlanningController, 'plan') },
      ),
      'video.animate': op('POST /v1/designs/{design_id}/animate', AnimateDto, ['design_id'], JOB_OUT, { route: ref(AnimateController, 'animate'), alias: idAs('job_id') }),
      'video.create': op('POST /v1/videos', VideoCreateDto, [], JOB_OUT, { route: ref(VideosController, 'create'), alias: idAs('job_id') }),
      'video.procedural': op('POST /v1/videos/procedural', ProceduralVideoDto, [], JOB_OUT, { route: ref(VideosController, 'procedural'), alias: idAs('job_id') }),
    };
  }
}
