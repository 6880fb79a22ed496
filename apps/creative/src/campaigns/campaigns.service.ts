import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { getTemplate, isNamedFormat, listTemplates, MAX_PAGE_SIDE, NAMED_FORMATS, resolveFormat } from '@platform/creative-ir';
import { newId } from '@platform/database';
import { ErrorDetail, NotFoundError, ValidationError } from '@platform/errors';
import { createHash, randomInt } from 'node:crypto';
import { ArtifactDto } from '../artifacts/dto/artifact.dto';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { claimTaken } from '../common/claim-taken';
import { briefOrThrow } from '../common/creative-input';
import type { CreativeConfig } from '../config';
import { DesignsRepository } from '../designs/designs.repository';
import { DesignsService, type DesignState } from '../designs/designs.service';
import { DesignRendersService } from '../rendering/design-renders.service';
import { RenderCacheRepository } from '../rendering/render-cache.repository';
import { pageCostFailure, RenderTooCostlyError, tooCostlyMessage } from '../rendering/render-pool.service';
import { renderLocs, resolveRender } from '../rendering/render.service';
import type { Campaign } from './campaign.entity';
import type { CampaignPiece } from './campaign-piece.entity';
import { CampaignsRepository } from './campaigns.repository';
import { CAMPAIGN_FORMATS_MAX, DEFAULT_CAMPAIGN_FORMATS, type CampaignDto, type CampaignPieceDto } from './dto/campaign.dto';

type Json = Record<string, unknown>;

interface PiecePlan {
  format: string | null;
  width: number;
  height: number;
  template: string;
}

/** The template of a piece without one: by the shape of its format. */
export function templateFor(width: number, height: number): string {
  const shape = resolveFormat({ width, height }).name;
  return shape === 'story' ? 'story' : shape === 'landscape' || shape === 'wide' ? 'landscape-banner' : 'square-post';
}

/**
 * The scenes of a full campaign's video, in the order of their first piece: one a distinct picture. A scene is the
 * piece's template laid out again with the campaign's brief (and seed, and brand kit) at the video's frame, so the
 * template is all that can tell two pieces' scenes apart: pieces that differ only by format (the three landscape
 * formats of the default campaign, all `landscape-banner`) are one scene. The charge counts these, as the video does.
 */
export function videoScenes<T extends { template: string }>(pieces: T[]): { template: string; pieces: T[] }[] {
  const scenes = new Map<string, { template: string; pieces: T[] }>();
  for (const p of pieces) {
    const scene = scenes.get(p.template);
    if (scene) scene.pieces.push(p);
    else scenes.set(p.template, { template: p.template, pieces: [p] });
  }
  return [...scenes.values()];
}

/**
 * The claim a keyed campaign's piece records on its design: derived from the request's (a request's claim starts with
 * digits, so it never equals one of these), one per position. A retry after the process died finds the designs that
 * process made (`DesignsService.createdUnder`) and makes only the missing ones.
 */
export const pieceRef = (ref: string, position: number) => `campaign-piece:${position}:${ref}`;

/** A keyed campaign's seed when the brief has none: the same for every run of one claim, so reused and new pieces match. */
const seedOf = (ref: string) => createHash('sha256').update(ref).digest().readUInt32BE(0) % (2 ** 31 - 1);

/**
 * Campaigns: one brief rendered into every requested format, each piece a design of its own (with
 * the brand kit applied) rendered into a PNG artifact, all with the brief's seed (or one chosen for
 * the campaign) so that they look like one family. Synchronous: the answer has every piece. A piece
 * that fails undoes the others (their designs and artifacts are removed) and the campaign is not stored.
 */
@Injectable()
export class CampaignsService {
  private readonly logger = new Logger(CampaignsService.name);

  constructor(
    private readonly rows: CampaignsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly designs: DesignsService,
    private readonly renders: DesignRendersService,
    private readonly artifacts: ArtifactsService,
    private readonly designRows: DesignsRepository,
    private readonly renderCache: RenderCacheRepository,
  ) {}

  private plan(formats: unknown[] | null | undefined, template: string | null | undefined): PiecePlan[] {
    const details: ErrorDetail[] = [];
    const known = (id: unknown, loc: (string | number)[]) => {
      if (typeof id !== 'string' || !getTemplate(id)) {
        details.push({
          loc,
          msg: `unknown template ${JSON.stringify(id)}; one of ${listTemplates()
            .map((t) => t.id)
            .join(', ')}`,
          type: 'value_error',
        });
        return false;
      }
      return true;
    };
    if (template != null) known(template, ['template']);
    const items = formats ?? [...DEFAULT_CAMPAIGN_FORMATS];
    const names = Object.keys(NAMED_FORMATS).join(', ');
    const plans: PiecePlan[] = [];
    // A piece whose page alone passes the render cost limit is refused here, before any design is made or any render
    // queued: from its pixels, never by the clock (its design's layout in the render pool came first, and on a loaded
    // machine that step ran out of time before the render's own estimate was reached: 504 instead of 422).
    const costly: { failure: NonNullable<ReturnType<typeof pageCostFailure>>; loc: (string | number)[] }[] = [];
    const push = (p: PiecePlan, loc: (string | number)[]) => {
      plans.push(p);
      const failure = pageCostFailure(p.width, p.height, { format: 'png' }, this.config.rendering.costLimitMs);
      if (failure) {
        costly.push({ failure, loc });
        details.push({ loc, msg: tooCostlyMessage(failure), type: 'render_too_costly' });
      }
    };
    items.forEach((item, i) => {
      const loc = ['formats', i];
      const named = (name: unknown, at: (string | number)[]) => {
        if (typeof name === 'string' && isNamedFormat(name)) return resolveFormat(name);
        details.push({ loc: at, msg: `must be a named format (${names})`, type: 'value_error' });
        return null;
      };
      if (typeof item === 'string') {
        const f = named(item, loc);
        if (f)
          push(
            {
              format: item
                .trim()
                .toLowerCase()
                .replace(/[\s-]+/g, '_'),
              width: f.width,
              height: f.height,
              template: template ?? templateFor(f.width, f.height),
            },
            loc,
          );
        return;
      }
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        details.push({ loc, msg: 'must be a named format or an object {name} or {width, height}, with an optional template', type: 'value_error' });
        return;
      }
      const o = item as Json;
      const pieceTemplate = o.template === undefined || o.template === null ? undefined : o.template;
      if (pieceTemplate !== undefined && !known(pieceTemplate, [...loc, 'template'])) return;
      let size: { width: number; height: number } | null = null;
      let formatName: string | null = null;
      if (o.width !== undefined || o.height !== undefined) {
        const side = (k: 'width' | 'height') => {
          const v = o[k];
          if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_PAGE_SIDE) return v;
          details.push({ loc: [...loc, k], msg: `must be an integer from 1 to ${MAX_PAGE_SIDE}`, type: v === undefined ? 'missing' : 'value_error' });
          return null;
        };
        const w = side('width');
        const h = side('height');
        if (w && h) size = { width: w, height: h };
      } else if (o.name !== undefined) {
        const f = named(o.name, [...loc, 'name']);
        if (f) {
          size = f;
          formatName = (o.name as string)
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, '_');
        }
      } else details.push({ loc, msg: 'give a name, or width and height', type: 'missing' });
      if (size) push({ format: formatName, ...size, template: (pieceTemplate as string | undefined) ?? template ?? templateFor(size.width, size.height) }, loc);
    });
    if (items.length > CAMPAIGN_FORMATS_MAX) details.push({ loc: ['formats'], msg: `at most ${CAMPAIGN_FORMATS_MAX} formats`, type: 'too_long' });
    if (details.length) {
      if (costly.length === details.length) throw new RenderTooCostlyError(costly[0].failure, costly[0].loc, details);
      throw new ValidationError(details);
    }
    return plans;
  }

  /**
   * Checks a campaign request as `create` would (422 at its locs), without making anything; answers how many pieces it
   * has, their sizes, and how many distinct scenes a video of them has (`videoScenes`).
   */
  check(input: { brief: unknown; formats?: unknown[] | null; template?: string | null }): {
    pieces: number;
    scenes: number;
    /** The template of each scene, in the video's order. */
    sceneTemplates: string[];
    sizes: { width: number; height: number }[];
    brief: Record<string, unknown>;
  } {
    const brief = briefOrThrow(input.brief, ['brief']);
    const plans = this.plan(input.formats, input.template);
    const scenes = videoScenes(plans).map((s) => s.template);
    return {
      pieces: plans.length,
      scenes: scenes.length,
      sceneTemplates: scenes,
      sizes: plans.map((p) => ({ width: p.width, height: p.height })),
      brief: brief as Json,
    };
  }

  /**
   * `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), null without one. Recorded on the campaign
   * (one per claim) and, derived (`pieceRef`), on each piece's design: a run of a claim whose earlier run died reuses the
   * designs that run stored (their renders answered from its stored artifacts) instead of making a second set, and a
   * run that finds the campaign already stored under the claim (a stalled owner that resumed) answers that one.
   */
  async create(
    accountId: string,
    input: { brief: unknown; formats?: unknown[] | null; template?: string | null },
    ref: string | null = null,
  ): Promise<CampaignDto> {
    const brief = briefOrThrow(input.brief, ['brief']);
    const plans = this.plan(input.formats, input.template);
    const seed = brief.seed ?? (ref ? seedOf(ref) : randomInt(0, 2 ** 31 - 1));
    // What this run made (undone when it fails); designs an earlier run of the claim stored are left for the next retry.
    const made: { designId?: string; artifactId?: string }[] = plans.map(() => ({}));
    try {
      // Every piece settles before anything is decided: with Promise.all a piece refused early (a 422 from the cost
      // estimate) rejected the campaign while another was still being made, and that one was stored after the undo.
      const settled = await Promise.allSettled(
        plans.map(async (p, position) => {
          const { state, ours } = await this.pieceDesign(accountId, ref ? pieceRef(ref, position) : null, {
            brief: { ...brief, seed, format: { width: p.width, height: p.height } },
            template: p.template,
          });
          if (ours) made[position].designId = state.design.id;
          const resolved = resolveRender(p.width, p.height, { format: 'png' }, []);
          const stored = await this.renders.render(
            accountId,
            { designId: state.design.id, revision: state.revision.revision, ir: state.revision.ir },
            resolved,
            renderLocs([]),
            'campaign',
          );
          if (ours) made[position].artifactId = stored.artifact.id;
          return { plan: p, position, design: state.design, revision: state.revision.revision, stored };
        }),
      );
      const pieces = settled.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      });
      const campaign = await this.rows.insertWithPieces(
        { id: newId('cmp'), accountId, brief: { ...brief, seed } as Json, template: input.template ?? null, seed, idempotencyRef: ref },
        pieces.map((x) => ({
          position: x.position,
          format: x.plan.format,
          width: x.plan.width,
          height: x.plan.height,
          template: x.plan.template,
          designId: x.design.id,
          revision: x.revision,
          artifactId: x.stored.artifact.id,
        })),
      );
      return {
        ...this.head(campaign),
        pieces: pieces.map((x) => ({
          ...this.pieceFields({
            position: x.position,
            format: x.plan.format,
            width: x.plan.width,
            height: x.plan.height,
            template: x.plan.template,
            designId: x.design.id,
            revision: x.revision,
          }),
          warnings: x.stored.warnings.map((w) => ({ id: w.id, message: w.message })),
          artifact: ArtifactDto.from(x.stored.artifact, this.config.publicBaseUrl),
          signed_url: { url: x.stored.signedUrl.url, expires_at: x.stored.signedUrl.expiresAt.toISOString(), ttl: x.stored.signedUrl.ttl },
        })),
      };
    } catch (err) {
      // Another run of the claim stored the campaign first (an owner that was stalled, not dead): its pieces are these
      // same designs (found by their claims), so that campaign is the answer and nothing is undone.
      const stored = ref && claimTaken(err, 'campaigns_idempotency_ref') ? await this.createdUnder(accountId, ref) : null;
      if (stored) return stored;
      await this.undo(accountId, made);
      throw err;
    }
  }

  /** The campaign stored under an Idempotency-Key's claim (as GET answers it), or null when none was. */
  async createdUnder(accountId: string, ref: string): Promise<CampaignDto | null> {
    const campaign = await this.rows.findByRef(accountId, ref);
    return campaign && this.get(accountId, campaign.id);
  }

  /**
   * A piece's design: the one stored under the piece's claim (`piece`, see `pieceRef`) by an earlier run of the request,
   * or else one made now under it (`ours`); when another run of the claim stores it first (a stalled owner that
   * resumed), that one, not ours.
   */
  private async pieceDesign(accountId: string, piece: string | null, input: { brief: Json; template: string }): Promise<{ state: DesignState; ours: boolean }> {
    const earlier = piece ? await this.designs.createdUnder(accountId, piece) : null;
    if (earlier) return { state: earlier, ours: false };
    try {
      return { state: await this.designs.create(accountId, { ...input, idempotencyRef: piece }), ours: true };
    } catch (err) {
      const first = piece && claimTaken(err, 'designs_idempotency_ref') ? await this.designs.createdUnder(accountId, piece) : null;
      if (!first) throw err;
      return { state: first, ours: false };
    }
  }

  /** Removes what a failed campaign made (its designs, with their revisions, and the pieces' artifacts). */
  private async undo(accountId: string, made: { designId?: string; artifactId?: string }[]): Promise<void> {
    for (const m of made) {
      if (m.artifactId)
        await this.artifacts.remove(accountId, m.artifactId).catch((e) => this.logger.warn(`campaign undo: artifact ${m.artifactId}: ${(e as Error).message}`));
      if (m.designId)
        await this.designRows.delete(accountId, m.designId).catch((e) => this.logger.warn(`campaign undo: design ${m.designId}: ${(e as Error).message}`));
    }
  }

  async get(accountId: string, id: string): Promise<CampaignDto> {
    const campaign = await this.rows.find(accountId, id);
    if (!campaign) throw new NotFoundError(`Campaign ${id} not found`, 'not_found');
    const rows = await this.rows.pieces(id);
    const pieces: CampaignPieceDto[] = [];
    for (const p of rows) {
      const artifact = p.artifactId ? await this.artifacts.get(accountId, p.artifactId).catch(() => null) : null;
      const cached = artifact ? await this.renderCache.byArtifact(artifact.id) : null;
      const signed = artifact ? await this.renders.signedUrl(artifact) : null;
      pieces.push({
        ...this.pieceFields(p),
        warnings: (cached?.warnings ?? []).map((w) => ({ id: w.id, message: w.message })),
        artifact: artifact ? ArtifactDto.from(artifact, this.config.publicBaseUrl) : null,
        signed_url: signed ? { url: signed.url, expires_at: signed.expiresAt.toISOString(), ttl: signed.ttl } : null,
      });
    }
    return { ...this.head(campaign), pieces };
  }

  private head(c: Campaign) {
    return { id: c.id, brief: c.brief, template: c.template, seed: c.seed, created_at: c.createdAt.toISOString() };
  }

  private pieceFields(p: Pick<CampaignPiece, 'position' | 'format' | 'width' | 'height' | 'template' | 'designId' | 'revision'>) {
    return { position: p.position, format: p.format, width: p.width, height: p.height, template: p.template, design_id: p.designId, revision: p.revision };
  }
}
