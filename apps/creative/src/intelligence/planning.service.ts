import { Injectable } from '@nestjs/common';
import { NAMED_FORMATS, resolveFormat, type Brief } from '@platform/creative-ir';
import { ValidationError } from '@platform/errors';
import { durationVideoCharge } from '../billing/job-charges';
import { Metering, renderCharge, type Charge, type MeterContext } from '../billing/metering';
import type { RenderRequestDto } from '../rendering/dto/render-result.dto';
import { resolveRender } from '../rendering/render.service';
import type { AnimateDto } from '../videos/dto/animate.dto';
import { animateShape } from '../videos/video-requests.service';
import { templateFor } from '../campaigns/campaigns.service';
import { langOf, writeBrief } from './builtin/brief-writer';
import { words } from './builtin/image-generator';
import { briefInstructions, ModelBriefSchema } from './builtin/model-brief';
import type { PlanFormatDto, PlanningRequestDto, PlanningResultDto, WorkflowStepDto } from './dto/intelligence.dto';
import { LlmProviders } from './providers/llm-providers.service';

export const PLAN_DEFAULT_FORMATS = ['square', 'story', 'landscape'] as const;
/** Seconds of the planned video (an animate of the tallest piece). */
export const PLAN_VIDEO_SECONDS = 6;
const VIDEO_WORDS = ['video', 'videos', 'reel', 'reels', 'animated', 'animation', 'motion', 'tiktok', 'animacao', 'animado', 'animada', 'movimento', 'shorts'];

/** POST /v1/planning/brief: a goal to a brief (built-in or a model), then to a deterministic plan in the workflow step language. */
@Injectable()
export class PlanningService {
  constructor(
    private readonly llm: LlmProviders,
    private readonly metering: Metering,
  ) {}

  async plan(ctx: MeterContext, body: PlanningRequestDto): Promise<PlanningResultDto> {
    const target = this.llm.resolve(body.provider, ['provider']);
    const formats = planFormats(body.format);
    const language = langOf(body.language ?? 'pt-BR');
    const written = writeBrief({ goal: body.goal, language, tone: body.tone });
    const provider = target?.id ?? 'builtin';
    return this.metering.metered(ctx, { operation: 'planning', params: { provider } }, async () => {
      let brief: Record<string, unknown> = { ...written };
      let model: string | null = null;
      let used = 'builtin';
      const warnings: string[] = [];
      if (target) {
        const r = await this.llm.object(target, ModelBriefSchema, {
          system: briefInstructions(language),
          prompt: `Goal: ${body.goal}${body.tone ? `\nTone: ${body.tone}` : ''}`,
        });
        if (r.ok) {
          const m = r.value;
          brief = { ...written, ...m, palette: m.palette.length ? m.palette.join(', ') : null, tone: body.tone || m.tone, language };
          model = r.modelId;
          used = target.id;
        } else {
          warnings.push(`${target.id} answered ${r.attempts} times with a brief that did not validate (${r.reason}); this is the built-in brief`);
        }
      }
      if (brief.palette == null) delete brief.palette;
      const video = VIDEO_WORDS.some((w) => words(body.goal).includes(w));
      const workflow = planWorkflow(brief, formats, video);
      return { brief, formats, video, workflow, estimate: this.estimate(workflow.steps), provider: used, model, warnings };
    });
  }

  /**
   * What running the plan's workflow unchanged costs, step by step: each step priced by the charge its operation
   * reserves (`renderCharge` of the render the design's size resolves to, `animateShape` of the video), at the size
   * of the design its `$steps.<id>.design_id` names (the size its brief's format gives) and the step's own params.
   */
  private estimate(steps: WorkflowStepDto[]): PlanningResultDto['estimate'] {
    const rows = planCharges(steps).map(({ step, charge }) => ({
      id: step.id,
      operation: step.operation,
      billed_as: charge?.operation ?? null,
      credits: charge ? this.metering.estimate(charge).credits : 0,
    }));
    return { credits: rows.reduce((sum, r) => sum + r.credits, 0), steps: rows };
  }
}

const DESIGN_REF = /^\$steps\.([a-z][a-z0-9_]{0,63})\.(?:design_id|id)$/;

/**
 * The charge of each step of a planned workflow (null for a step that is not billed): `design.create` from a brief
 * makes a design of the size its brief's format resolves to (as the template lays it out); `design.render` and
 * `video.animate` are priced at the size of the design they name, with the same functions their operations charge by.
 */
export function planCharges(steps: WorkflowStepDto[]): { step: WorkflowStepDto; charge: Charge | null }[] {
  const sizes = new Map<string, { width: number; height: number }>();
  const designOf = (params: Record<string, unknown>) => {
    const m = typeof params.design_id === 'string' ? DESIGN_REF.exec(params.design_id) : null;
    return m ? sizes.get(m[1]) : undefined;
  };
  return steps.map((step) => {
    const params = (step.params ?? {}) as Record<string, unknown>;
    if (step.operation === 'design.create') {
      const ir = params.ir as { width?: number; height?: number } | undefined;
      const size = ir?.width && ir?.height ? { width: ir.width, height: ir.height } : resolveFormat((params.brief as Brief | undefined)?.format ?? undefined);
      sizes.set(step.id, { width: size.width, height: size.height });
      return { step, charge: null };
    }
    const design = designOf(params);
    if (step.operation === 'design.render' && design) {
      return { step, charge: renderCharge(resolveRender(design.width, design.height, params as RenderRequestDto, [])) };
    }
    if (step.operation === 'video.animate' && design) {
      return { step, charge: durationVideoCharge(animateShape(params as AnimateDto, design)) };
    }
    return { step, charge: null };
  });
}

const formatKey = (f: PlanFormatDto) => f.name ?? `${f.width}x${f.height}`;

/** The formats to plan: the one asked (`{name}` or `{width, height}`), else square, story and landscape. */
export function planFormats(format: Record<string, unknown> | null | undefined): PlanFormatDto[] {
  const of = (name: string | null, width: number, height: number): PlanFormatDto => ({ name, width, height, template: templateFor(width, height) });
  if (!format) return PLAN_DEFAULT_FORMATS.map((n) => of(n, NAMED_FORMATS[n].width, NAMED_FORMATS[n].height));
  const { name, width, height } = format as { name?: unknown; width?: unknown; height?: unknown };
  if (name != null) {
    if (typeof name !== 'string' || !NAMED_FORMATS[name]) {
      throw new ValidationError([{ loc: ['format', 'name'], msg: `unknown format; one of ${Object.keys(NAMED_FORMATS).join(', ')}`, type: 'enum' }]);
    }
    return [of(name, NAMED_FORMATS[name].width, NAMED_FORMATS[name].height)];
  }
  const side = (v: unknown, k: string) =>
    Number.isInteger(v) && (v as number) >= 16 && (v as number) <= 8192
      ? []
      : [{ loc: ['format', k], msg: 'must be an integer from 16 to 8192 (or give `name`)', type: 'value_error' }];
  const problems = [...side(width, 'width'), ...side(height, 'height')];
  if (problems.length) throw new ValidationError(problems);
  return [of(null, width as number, height as number)];
}

/** The steps that realise a brief: per format a design from its template and its PNG render; optionally a video of the tallest piece. */
export function planWorkflow(brief: Record<string, unknown>, formats: PlanFormatDto[], video: boolean): { steps: WorkflowStepDto[]; outputs: string[] } {
  const steps: WorkflowStepDto[] = [];
  const outputs: string[] = [];
  const title = typeof brief.title === 'string' ? brief.title.slice(0, 180) : null;
  for (const f of formats) {
    const key = formatKey(f);
    const { format: _ignored, ...rest } = brief;
    steps.push({
      id: `design_${key}`,
      operation: 'design.create',
      params: {
        brief: { ...rest, format: f.name ?? { width: f.width, height: f.height } },
        template: f.template,
        ...(title ? { title: `${title} (${key})` } : {}),
      },
    });
    steps.push({ id: `render_${key}`, operation: 'design.render', params: { design_id: `$steps.design_${key}.design_id`, format: 'png' } });
    outputs.push(`render_${key}.artifact`);
  }
  if (video) {
    const tallest = [...formats].sort((a, b) => b.height / b.width - a.height / a.width)[0];
    steps.push({
      id: 'video',
      operation: 'video.animate',
      params: { design_id: `$steps.design_${formatKey(tallest)}.design_id`, duration: PLAN_VIDEO_SECONDS, motion: 'zoom_in' },
    });
    outputs.push('video.job_id');
  }
  return { steps, outputs };
}
