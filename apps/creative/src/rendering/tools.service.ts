import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { IdempotencyService } from '@platform/http';
import type { CreativeConfig } from '../config';
import { analyzeBrief, ColorSchema, getTemplate, listTemplates, PROCEDURAL_STYLES, proceduralDocument, type ProceduralStyleId } from '@platform/creative-ir';
import { ValidationError } from '@platform/errors';
import { Metering, type MeterContext } from '../billing/metering';
import { BrandKitService } from '../brand-kit/brand-kit.service';
import { claimTaken } from '../common/claim-taken';
import { briefOrThrow, irOrThrow } from '../common/creative-input';
import { DesignAssetsService } from './design-assets.service';
import type { Artifact } from '../artifacts/artifact.entity';
import type { SignedUrl } from '../artifacts/artifacts.service';
import { ArtifactDto } from '../artifacts/dto/artifact.dto';
import { CodedWarningDto } from './dto/render-result.dto';
import { DesignRendersService } from './design-renders.service';
import { PROCEDURAL_SIZE_DEFAULT, type ProceduralRenderDto, type ProceduralResultDto } from './dto/procedural.dto';
import type { BriefAnalysisDto, MaterializedDocumentDto } from './dto/tools.dto';
import { renderLocs, RenderService, resolveRender } from './render.service';

/** The `EffectLookup` of a procedural render (`POST /v1/procedural/render`, MCP, workflow `procedural.render`). */
export const PROCEDURAL_EFFECT = 'creative.procedural';

/** The stateless tools: brief analysis, layout without rendering, procedural renders. */
@Injectable()
export class ToolsService implements OnModuleInit {
  constructor(
    private readonly brandKits: BrandKitService,
    private readonly renders: RenderService,
    private readonly assets: DesignAssetsService,
    private readonly stored: DesignRendersService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // Registered with the use case: REST, the MCP tool and the workflow step name it. A render whose process died after
    // storing its artifact answers that artifact (its charge settled once); none stored: the retry renders.
    this.idempotency.onLapsed(PROCEDURAL_EFFECT, async (accountId, ref, request) => {
      const answer = await this.proceduralUnder(accountId, ref, request);
      return answer && { status: HttpStatus.OK, body: answer };
    });
  }

  /** The brief to analyze, or a 422 at its fields. */
  briefToAnalyze(body: unknown): ReturnType<typeof briefOrThrow> {
    return briefOrThrow(body, []);
  }

  /** A 422 at `template` unless it names a template (or is absent). */
  checkAnalyzeTemplate(template: string | undefined): void {
    if (template !== undefined && !getTemplate(template)) {
      throw new ValidationError([
        {
          loc: ['template'],
          msg: `unknown template "${template}"; one of ${listTemplates()
            .map((t) => t.id)
            .join(', ')}`,
          type: 'value_error',
        },
      ]);
    }
  }

  /** The analysis of a brief checked by `briefToAnalyze` for a template checked by `checkAnalyzeTemplate`. */
  async analyze(accountId: string, brief: ReturnType<typeof briefOrThrow>, template: string | undefined): Promise<BriefAnalysisDto> {
    const a = analyzeBrief(brief, { brand: (await this.brandKits.templateBrand(accountId))?.brand, template });
    return {
      score: a.score,
      grade: a.grade,
      template: a.template,
      template_chosen: a.templateChosen,
      format: { width: a.format.width, height: a.format.height, name: a.format.name, preset: a.format.preset },
      fields: a.fields,
      readability: a.readability,
      palette: {
        colors: a.palette.colors,
        source: a.palette.source,
        best_text_contrast: a.palette.bestTextContrast,
        low_contrast_pairs: a.palette.lowContrastPairs,
        ok: a.palette.ok,
      },
      missing: a.missing,
      unused: a.unused,
      shown: a.shown,
      suggestions: a.suggestions,
    };
  }

  async materialize(accountId: string, input: unknown): Promise<MaterializedDocumentDto> {
    const ir = irOrThrow(input, ['ir']) as unknown as Record<string, unknown>;
    await this.assets.check(accountId, ir, ['ir']);
    const m = await this.renders.materialize(accountId, ir, { ir: ['ir'], input: (path) => ['ir', ...path.split('.')] });
    return { ...m, warnings: m.warnings.map((w) => CodedWarningDto.from(w)) };
  }

  /**
   * A procedural background (style mesh, seed 7, density 1.0, phase 0.0, png by default) rendered into an artifact.
   * `ctx.idempotencyRef` (the claim of the request's Idempotency-Key) is recorded on the artifact and on the charge's
   * reservation: a retry after this process died answers the artifact it stored (`proceduralUnder`), or renders when
   * none was stored, charged once either way.
   */
  async procedural(ctx: MeterContext, body: ProceduralRenderDto): Promise<ProceduralResultDto> {
    const plan = this.proceduralPlan(body);
    const accountId = ctx.accountId;
    const ref = ctx.idempotencyRef ?? null;
    const { out, stored } = await this.metering.metered(ctx, plan.charge, async () => {
      const out = await this.renders.render(accountId, plan.ir, plan.resolved, renderLocs([]));
      const name = `procedural-${plan.style}-${plan.seed}`;
      const stored = await this.stored.storeOutput(accountId, out, 'procedural', plan.resolved, name, ref).catch(async (err) => {
        // Another run of the claim stored its artifact first (an owner that was stalled, not dead): that one.
        const first = ref && claimTaken(err, 'artifacts_idempotency_ref') ? await this.stored.storedUnder(accountId, ref) : null;
        if (!first) throw err;
        return first;
      });
      return { out, stored };
    });
    return this.proceduralAnswer(body, plan, stored, out.warnings);
  }

  /**
   * The answer of a procedural render whose process died after it stored its artifact: that artifact, answered as the
   * request asked (`request`, the retry's body: the same request), or null when none was stored under `ref` (the render
   * then runs again). Render warnings are not stored: this answer has none. Its charge is settled once, found by the
   * same `ref` (captured: nothing more; held by the dead process: captured now; released or never made: charged now).
   */
  async proceduralUnder(accountId: string, ref: string, request: unknown): Promise<ProceduralResultDto | null> {
    const stored = await this.stored.storedUnder(accountId, ref);
    if (!stored) return null;
    const body = (request ?? {}) as ProceduralRenderDto;
    const plan = this.proceduralPlan(body);
    return this.metering.metered({ accountId, credentialId: null, idempotencyRef: ref }, plan.charge, async () =>
      this.proceduralAnswer(body, plan, stored, []),
    );
  }

  /** What a procedural request draws, at which size and format, and what it costs (422 at `palette` for bad colors). */
  private proceduralPlan(body: ProceduralRenderDto) {
    let palette: string[] | undefined;
    if (body.palette != null) {
      palette = body.palette.split(/[\s,;]+/).filter(Boolean);
      const bad = palette.filter((c) => !ColorSchema.safeParse(c).success);
      if (!palette.length || palette.length > 8 || bad.length) {
        throw new ValidationError([
          {
            loc: ['palette'],
            msg: `must be 1 to 8 colors (#rrggbb, rgb(), hsl()…) separated by commas${bad.length ? `; not colors: ${bad.slice(0, 3).join(', ')}` : ''}`,
            type: 'value_error',
          },
        ]);
      }
    }
    const width = body.width ?? PROCEDURAL_SIZE_DEFAULT;
    const height = body.height ?? PROCEDURAL_SIZE_DEFAULT;
    const style = (body.style ?? 'mesh') as ProceduralStyleId;
    const seed = body.seed ?? 7;
    const density = body.density ?? 1.0;
    const phase = body.phase ?? 0.0;
    const doc = proceduralDocument({ style, seed, density, phase, palette, tone: body.tone as never, width, height, title: body.title, eyebrow: body.eyebrow });
    const resolved = resolveRender(width, height, { format: body.format ?? 'png' }, []);
    const charge = { operation: 'procedural_render' as const, params: { width: resolved.width, height: resolved.height, format: resolved.format } };
    return { palette, width, height, style, seed, density, phase, doc, ir: doc as unknown as Record<string, unknown>, resolved, charge };
  }

  private proceduralAnswer(
    body: ProceduralRenderDto,
    plan: ReturnType<ToolsService['proceduralPlan']>,
    stored: { artifact: Artifact; signedUrl: SignedUrl },
    warnings: { id: string; message: string }[],
  ): ProceduralResultDto {
    const { palette, style } = plan;
    const drawn = (plan.doc.root.children?.[0] as { palette?: string[] } | undefined)?.palette ?? [];
    // The request echoed as given: a palette of 3 colors is answered as those 3 (the colors the style mixes in
    // to have enough are in `drawn_palette`), and the tone as given or, without palette and tone, the style's.
    const tone = body.tone ?? (palette ? null : (PROCEDURAL_STYLES.find((s) => s.id === style)?.defaultTone ?? null));
    return {
      style,
      seed: plan.seed,
      density: plan.density,
      phase: plan.phase,
      palette: palette ?? drawn,
      drawn_palette: drawn,
      tone,
      title: body.title ?? null,
      eyebrow: body.eyebrow ?? null,
      width: plan.width,
      height: plan.height,
      format: plan.resolved.format,
      warnings: warnings.map((w) => ({ id: w.id, message: w.message })),
      artifact: ArtifactDto.from(stored.artifact, this.config.publicBaseUrl),
      signed_url: { url: stored.signedUrl.url, expires_at: stored.signedUrl.expiresAt.toISOString(), ttl: stored.signedUrl.ttl },
    };
  }
}
