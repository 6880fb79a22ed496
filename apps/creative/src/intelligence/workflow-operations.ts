import { Inject, Injectable, type Type } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { ASSET_OPERATIONS } from '../assets/assets.operations';
import { CAMPAIGN_OPERATIONS } from '../campaigns/campaigns.operations';
import { pathParamsOf, type OperationSpec } from '../common/operation';
import { OperationRunner, operationRunnerProvider } from '../common/operation-runner';
import { DESIGN_OPERATIONS } from '../designs/designs.operations';
import { DESIGN_OUTPUT_OPERATIONS } from '../rendering/design-output.operations';
import { TOOLS_OPERATIONS } from '../rendering/tools.operations';
import { VIDEO_OPERATIONS } from '../videos/videos.operations';
import { INTELLIGENCE_OPERATIONS } from './intelligence.operations';

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
const RENDER_OUT: Record<string, FieldType> = {
  design_id: 'string',
  revision: 'number',
  format: 'string',
  width: 'number',
  height: 'number',
  cached: 'boolean',
  artifact: 'object',
  signed_url: 'object',
  warnings: 'array',
};
const JOB_OUT: Record<string, FieldType> = { job_id: 'string', id: 'string', kind: 'string', status: 'string', request: 'object' };

/** A step: the operation it runs, the fields of its result, and the aliases a later step names more plainly (`design_id` for a design's `id`…). */
interface WorkflowStep {
  operation: OperationSpec;
  outputs: Record<string, FieldType>;
  alias?: (body: Record<string, unknown>) => Record<string, unknown>;
}

const idAs = (name: string) => (b: Record<string, unknown>) => ({ [name]: b.id });

/** The operations a workflow step may name, each one of the service's operations (the same use case as its REST endpoint). */
export const WORKFLOW_STEPS: Record<string, WorkflowStep> = {
  'design.create': { operation: DESIGN_OPERATIONS.create, outputs: DESIGN_OUT, alias: idAs('design_id') },
  'design.update': { operation: DESIGN_OPERATIONS.update, outputs: DESIGN_OUT, alias: idAs('design_id') },
  'design.render': { operation: DESIGN_OUTPUT_OPERATIONS.render, outputs: RENDER_OUT },
  'node.add': { operation: DESIGN_OPERATIONS.addNode, outputs: DESIGN_OUT, alias: idAs('design_id') },
  'node.patch': { operation: DESIGN_OPERATIONS.patchNode, outputs: DESIGN_OUT, alias: idAs('design_id') },
  'campaign.create': {
    operation: CAMPAIGN_OPERATIONS.create,
    outputs: { campaign_id: 'string', id: 'string', pieces: 'array', brief: 'object', seed: 'number' },
    alias: idAs('campaign_id'),
  },
  'procedural.render': {
    operation: TOOLS_OPERATIONS.procedural,
    outputs: { artifact: 'object', signed_url: 'object', palette: 'array', style: 'string', seed: 'number', width: 'number', height: 'number' },
  },
  'asset.transform': {
    operation: ASSET_OPERATIONS.transform,
    outputs: { asset_id: 'string', id: 'string', width: 'number', height: 'number', mime: 'string', content_url: 'string' },
    alias: idAs('asset_id'),
  },
  'generation.create': {
    operation: INTELLIGENCE_OPERATIONS.generate,
    outputs: {
      asset_id: 'string',
      artifact_id: 'string',
      asset: 'object',
      artifact: 'object',
      signed_url: 'object',
      palette: 'array',
      seed: 'any',
      provider: 'string',
      model: 'string',
    },
    alias: (b) => ({ asset_id: (b.asset as { id?: string })?.id, artifact_id: (b.artifact as { id?: string })?.id }),
  },
  'brief.from_image': {
    operation: INTELLIGENCE_OPERATIONS.briefFromImage,
    outputs: { brief: 'object', analysis: 'object', provider: 'string', model: 'any', warnings: 'array' },
  },
  'planning.brief': {
    operation: INTELLIGENCE_OPERATIONS.plan,
    outputs: {
      brief: 'object',
      formats: 'array',
      workflow: 'object',
      estimate: 'object',
      provider: 'string',
      model: 'any',
      warnings: 'array',
      video: 'boolean',
    },
  },
  'video.animate': { operation: VIDEO_OPERATIONS.animate, outputs: JOB_OUT, alias: idAs('job_id') },
  'video.create': { operation: VIDEO_OPERATIONS.create, outputs: JOB_OUT, alias: idAs('job_id') },
  'video.procedural': { operation: VIDEO_OPERATIONS.procedural, outputs: JOB_OUT, alias: idAs('job_id') },
};

const WORKFLOW_RUNNER = Symbol('WorkflowRunner');

/** The runner of the steps' operations, with their application services injected (IntelligenceModule imports their modules). */
export const workflowRunnerProvider = operationRunnerProvider(
  WORKFLOW_RUNNER,
  Object.values(WORKFLOW_STEPS).map((s) => s.operation),
);

/**
 * The operations a workflow step may name. Each runs its operation's use case through `OperationRunner` (the same
 * validation, idempotency and billing as the REST call: one implementation), with the step's params split into the
 * operation's path parameters and its body.
 */
@Injectable()
export class WorkflowOperations {
  readonly all: Record<string, OperationDef>;

  constructor(@Inject(WORKFLOW_RUNNER) private readonly runner: OperationRunner) {
    this.all = Object.fromEntries(Object.entries(WORKFLOW_STEPS).map(([name, step]) => [name, this.define(step)]));
  }

  private define(step: WorkflowStep): OperationDef {
    const spec = step.operation;
    const path = pathParamsOf(spec.path);
    return {
      summary: `${spec.method} ${spec.path}`,
      dto: spec.input.body as Type<object>,
      path,
      outputs: step.outputs,
      run: async (auth, params) => {
        const body = Object.fromEntries(Object.entries(params).filter(([k]) => !path.includes(k)));
        const pathParams = Object.fromEntries(path.map((k) => [k, String(params[k])]));
        const answer = await this.runner.run(spec, auth, { path: pathParams, query: {}, body, headers: {} });
        const out = JSON.parse(JSON.stringify(answer.body ?? {})) as Record<string, unknown>;
        return { ...(step.alias?.(out) ?? {}), ...out };
      },
    };
  }
}
