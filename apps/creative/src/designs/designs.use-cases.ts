import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { DomainException } from '@platform/errors';
import { IdempotencyService } from '@platform/http';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { Metering, renderCharge } from '../billing/metering';
import type { CreativeConfig } from '../config';
import { DesignRendersService } from '../rendering/design-renders.service';
import { CodedWarningDto, RenderResultDto } from '../rendering/dto/render-result.dto';
import { renderLocs, resolveRender, type RenderRequest } from '../rendering/render.service';
import { DesignsService, revisionEtag, type DesignState, type RenderAsk } from './designs.service';
import {
  type AddNodeDto,
  type BundleDto,
  type CreateDesignDto,
  type DesignDeletedDto,
  DesignDto,
  type DesignListDto,
  DesignSummaryDto,
  type DuplicateDesignDto,
  type FormatQuery,
  type ListDesignsQuery,
  type PatchNodeDto,
  type UpdateDesignDto,
} from './dto/design.dto';
import type { DiffDto, DiffParams, ListRevisionsQuery, RevisionListDto, RevisionParams } from './dto/revision.dto';
import { RevisionDto, RevisionSummaryDto } from './dto/revision.dto';

/** The `render` field of a body as a render request (errors at `body.render`). */
const bodyRender = (render: RenderRequest | null | undefined): RenderAsk | null => (render ? { request: render, loc: ['render'] } : null);

/** A change of an existing design: which design, and the revision the caller based it on (If-Match). */
export interface DesignChange<B> {
  designId: string;
  ifMatch?: string;
  body: B;
  /**
   * The claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the revision the change makes and on
   * its render's reservation: a retry after this process died finds them (`changedUnder`).
   */
  ref?: string | null;
}

/** The `EffectLookup` of a design creation (see `IdempotentEffect`): create and duplicate, through every transport. */
export const DESIGN_EFFECT = 'creative.design';

/** The `EffectLookup` of a design's DELETE (REST, MCP, workflow steps): the deletion recorded under the claim answers. */
export const DESIGN_DELETE_EFFECT = 'creative.design-delete';
/** The `EffectLookup` of a change that makes a revision: PATCH, restore, node add, patch and delete. */
export const DESIGN_CHANGE_EFFECT = 'creative.design-change';

/** The revision operations whose render is asked in the query (`format`), which a retry's stored request does not carry. */
const RENDERED_FROM_QUERY = new Set(['restore', 'node_delete']);

/** The ETag a design answer carries (the current revision). */
export const designEtag = (design: DesignDto) => revisionEtag(design.revision);

/**
 * The designs' use cases, as REST, MCP and workflow steps run them: a change that renders is priced first (a 402
 * changes nothing), stored, then rendered into an artifact and billed; every answer is the design with its IR.
 */
@Injectable()
export class DesignsUseCases implements OnModuleInit {
  constructor(
    private readonly designs: DesignsService,
    private readonly renders: DesignRendersService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
    private readonly artifacts: ArtifactsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // Registered with the use cases, not by the controller: REST, MCP tools and workflow steps name them, in whichever
    // process runs them. A key whose process died after storing the design (or the revision) answers it; none stored:
    // the retry runs the request.
    this.idempotency.onLapsed(DESIGN_EFFECT, async (accountId, ref, request) => {
      const design = await this.createdUnder(accountId, ref, request);
      return design && { status: HttpStatus.OK, body: design };
    });
    this.idempotency.onLapsed(DESIGN_DELETE_EFFECT, async (accountId, ref) => {
      const deleted = await this.deletedUnder(accountId, ref);
      return deleted && { status: HttpStatus.NO_CONTENT, body: deleted };
    });
    this.idempotency.onLapsed(DESIGN_CHANGE_EFFECT, async (accountId, ref, request) => {
      const design = await this.changedUnder(accountId, ref, request);
      return design && { status: HttpStatus.OK, body: design };
    });
    // A recorded deletion is read only while its key lives: swept with the expired keys.
    this.idempotency.onSweep('creative.design_deletions', (limit, maxBatches) => this.designs.sweepDeletions(limit, maxBatches));
  }

  /**
   * `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the design so a retry after
   * this process died finds it (`createdUnder`).
   */
  async create(auth: AuthContext, body: CreateDesignDto, ref: string | null = null): Promise<DesignDto> {
    const ask = bodyRender(body.render);
    const ir = body.ir as { width?: unknown; height?: unknown } | null | undefined;
    await this.affordable(
      auth,
      ask,
      typeof ir?.width === 'number' && typeof ir?.height === 'number' ? { width: ir.width, height: ir.height } : { width: 1080, height: 1080 },
    );
    const state = await this.designs.create(
      auth.accountId,
      { brief: body.brief, ir: body.ir, template: body.template, bundle: body.bundle, title: body.title, requireFields: true, idempotencyRef: ref },
      ask,
    );
    return this.answer(auth, state, ask, ref);
  }

  /**
   * The answer of a creation (or duplicate) whose process died after it stored the design: the design as it was
   * created (revision 1), or null when none was stored under `ref`. A `render` the request asked for is rendered
   * again and charged once: its reservation carries the same `ref` (captured: answered from the stored artifact and
   * not charged again; held by the dead process: settled by this run; none: the render had not started, charged now).
   * Layout warnings are not stored with the design: this answer has none.
   */
  async createdUnder(accountId: string, ref: string, request: unknown): Promise<DesignDto | null> {
    const state = await this.designs.createdUnder(accountId, ref);
    if (!state) return null;
    const asked = request && typeof request === 'object' ? (request as { render?: RenderRequest | null }).render : null;
    return this.answer({ accountId, credentialId: null }, state, bodyRender(asked), ref);
  }

  /**
   * The answer of a change (PATCH, restore, node add, patch or delete) whose process died after it stored its revision:
   * the design at that revision (not at a later one another change made since), or null when no revision was stored
   * under `ref` (the change then runs again, If-Match checked as for any request). The stored revision answers before
   * If-Match is looked at: the retry of a committed change is not a 412. A `render` in the request's body is answered
   * as for `createdUnder` (charged once). Restore and node delete take their `format` from the query, which the retry's
   * stored request does not carry: their rebuilt answer has `render: null` (the render, if the dead process made it,
   * is among the design's artifacts; a reservation it held and did not capture is released by the sweep). Layout
   * warnings are not stored with the revision: this answer has none.
   */
  async changedUnder(accountId: string, ref: string, request: unknown): Promise<DesignDto | null> {
    const state = await this.designs.changedUnder(accountId, ref);
    if (!state) return null;
    const asked =
      !RENDERED_FROM_QUERY.has(state.revision.operation) && request && typeof request === 'object'
        ? (request as { render?: RenderRequest | null }).render
        : null;
    return this.answer({ accountId, credentialId: null }, state, bodyRender(asked), ref);
  }

  async list(auth: AuthContext, query: ListDesignsQuery): Promise<DesignListDto> {
    const { data, nextCursor } = await this.designs.list(auth.accountId, {
      limit: query.limit ?? 25,
      cursor: query.cursor,
      q: query.q,
      template: query.template,
    });
    return { data: data.map((d) => DesignSummaryDto.from(d, this.config.publicBaseUrl)), next_cursor: nextCursor };
  }

  async get(auth: AuthContext, designId: string): Promise<DesignDto> {
    return this.answer(auth, await this.designs.get(auth.accountId, designId));
  }

  async update(auth: AuthContext, change: DesignChange<UpdateDesignDto>): Promise<DesignDto> {
    const { designId, ifMatch, body, ref = null } = change;
    const ask = bodyRender(body.render);
    await this.affordable(auth, ask, this.outlineOf(auth, designId));
    const state = await this.designs.update(
      auth.accountId,
      designId,
      ifMatch,
      { brief: body.brief, ir: body.ir, template: body.template, title: body.title, requireFields: true },
      ask,
      ref,
    );
    return this.answer(auth, state, ask, ref);
  }

  /**
   * Deletes the design, its revisions and every artifact made from it (renders, previews, exports, videos: their bytes
   * go unless another artifact of the account has the same ones). Answers what went.
   */
  /**
   * `ref`: the claim of the request's Idempotency-Key, recorded in the deletion's transaction: a retry after this
   * process died answers the delete (`deletedUnder`) instead of 404 or 409.
   */
  async delete(auth: AuthContext, designId: string, ifMatch: string | undefined, ref: string | null = null): Promise<DesignDeletedDto> {
    await this.designs.delete(auth.accountId, designId, ifMatch, ref);
    const artifacts = await this.artifacts.removeOfDesign(auth.accountId, designId);
    return { id: designId, deleted: true, artifacts_deleted: artifacts };
  }

  /**
   * The answer of a keyed delete whose process died after its deletion committed: the delete's answer, after removing
   * the design's artifacts the dead process may not have reached (`artifacts_deleted` counts those only); null when
   * the deletion did not commit (the delete then runs, If-Match checked as for any request).
   */
  async deletedUnder(accountId: string, ref: string): Promise<DesignDeletedDto | null> {
    const designId = await this.designs.deletedUnder(accountId, ref);
    if (!designId) return null;
    const artifacts = await this.artifacts.removeOfDesign(accountId, designId);
    return { id: designId, deleted: true, artifacts_deleted: artifacts };
  }

  async revisions(auth: AuthContext, designId: string, query: ListRevisionsQuery): Promise<RevisionListDto> {
    const { data, nextCursor } = await this.designs.listRevisions(auth.accountId, designId, { limit: query.limit ?? 25, cursor: query.cursor });
    return { data: data.map(RevisionSummaryDto.from), next_cursor: nextCursor };
  }

  async revision(auth: AuthContext, params: RevisionParams): Promise<RevisionDto> {
    return RevisionDto.of(await this.designs.getRevision(auth.accountId, params.design_id, params.revision));
  }

  async diff(auth: AuthContext, p: DiffParams): Promise<DiffDto> {
    const d = await this.designs.diff(auth.accountId, p.design_id, p.from_revision, p.to_revision);
    return { design_id: p.design_id, from_revision: p.from_revision, to_revision: p.to_revision, patch: d.patch as DiffDto['patch'], summary: d.summary };
  }

  /** A new revision with an earlier one's IR, rendered in `format` (default png; errors at the input's root: the edge passes the query). */
  async restore(auth: AuthContext, change: DesignChange<FormatQuery> & { revision: number }): Promise<DesignDto> {
    const ask: RenderAsk = { request: { format: change.body.format ?? 'png' }, loc: [] };
    const ref = change.ref ?? null;
    await this.affordable(auth, ask, this.outlineOf(auth, change.designId));
    return this.answer(auth, await this.designs.restore(auth.accountId, change.designId, change.ifMatch, change.revision, ask, ref), ask, ref);
  }

  async addNode(auth: AuthContext, change: DesignChange<AddNodeDto>): Promise<DesignDto> {
    const { designId, ifMatch, body, ref = null } = change;
    const ask = bodyRender(body.render);
    await this.affordable(auth, ask, this.outlineOf(auth, designId));
    return this.answer(
      auth,
      await this.designs.addNode(auth.accountId, designId, ifMatch, { node: body.node, parentId: body.parent_id, index: body.index }, ask, ref),
      ask,
      ref,
    );
  }

  async patchNode(auth: AuthContext, change: DesignChange<PatchNodeDto> & { nodeId: string }): Promise<DesignDto> {
    const { designId, ifMatch, body, ref = null } = change;
    const ask = bodyRender(body.render);
    await this.affordable(auth, ask, this.outlineOf(auth, designId));
    return this.answer(auth, await this.designs.patchNode(auth.accountId, designId, ifMatch, change.nodeId, body.patch, ask, ref), ask, ref);
  }

  /** Removes a node; rendered when `format` is given (errors at the input's root: the edge passes the query). */
  async deleteNode(auth: AuthContext, change: DesignChange<FormatQuery> & { nodeId: string }): Promise<DesignDto> {
    const ask: RenderAsk | null = change.body.format ? { request: { format: change.body.format }, loc: [] } : null;
    const ref = change.ref ?? null;
    await this.affordable(auth, ask, this.outlineOf(auth, change.designId));
    return this.answer(auth, await this.designs.deleteNode(auth.accountId, change.designId, change.ifMatch, change.nodeId, ask, ref), ask, ref);
  }

  async duplicate(auth: AuthContext, designId: string, body: DuplicateDesignDto, ref: string | null = null): Promise<DesignDto> {
    const ask = bodyRender(body.render);
    await this.affordable(auth, ask, this.outlineOf(auth, designId));
    return this.answer(auth, await this.designs.duplicate(auth.accountId, designId, body.title, ask, ref), ask, ref);
  }

  bundle(auth: AuthContext, designId: string): Promise<BundleDto> {
    return this.designs.bundle(auth.accountId, designId);
  }

  /**
   * A change that renders: the balance must cover the render (at the design's current size, or the new IR's) before
   * the change is stored, so a 402 changes nothing. Other problems are left to the change itself to report.
   */
  private async affordable(
    auth: AuthContext,
    ask: RenderAsk | null | undefined,
    size: { width: number; height: number } | (() => Promise<{ width: number; height: number }>),
  ): Promise<void> {
    if (!ask) return;
    try {
      const { width, height } = typeof size === 'function' ? await size() : size;
      const r = resolveRender(width, height, ask.request, ask.loc);
      await this.metering.check({ accountId: auth.accountId }, renderCharge(r));
    } catch (e) {
      if (e instanceof DomainException && e.code === 'insufficient_credits') throw e;
    }
  }

  private outlineOf(auth: AuthContext, id: string) {
    return () => this.designs.outline(auth.accountId, id);
  }

  /**
   * The design after a change; rendered into an artifact (and billed) when `ask` is given (checked before the change was
   * stored). `ref`: the Idempotency-Key's claim of a creation or change, recorded on the render's reservation (see
   * `createdUnder`, `changedUnder`).
   */
  private async answer(
    auth: { accountId: string; credentialId: string | null },
    state: DesignState,
    ask?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignDto> {
    let render: RenderResultDto | null = null;
    if (ask) {
      const { design, revision } = state;
      const resolved = resolveRender(design.width, design.height, ask.request, ask.loc);
      const stored = await this.metering.metered(
        { accountId: auth.accountId, credentialId: auth.credentialId, designId: design.id, idempotencyRef: ref },
        renderCharge(resolved),
        () =>
          this.renders.render(
            auth.accountId,
            { designId: design.id, revision: revision.revision, ir: revision.ir, source: design },
            resolved,
            renderLocs(ask.loc),
          ),
      );
      render = RenderResultDto.from(design.id, revision.revision, stored, this.config.publicBaseUrl);
    }
    return DesignDto.of(
      state.design,
      state.revision,
      this.config.publicBaseUrl,
      render,
      (state.warnings ?? []).map((w) => CodedWarningDto.from(w)),
    );
  }
}
