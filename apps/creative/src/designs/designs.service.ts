import { Injectable } from '@nestjs/common';
import {
  chooseTemplate,
  DEFAULT_TEMPLATE,
  getTemplate,
  listTemplates,
  missingRequired,
  validateIr,
  type Brief,
  type LayoutWarning,
} from '@platform/creative-ir';
import { newId } from '@platform/database';
import { DomainException, ErrorDetail, NotFoundError, ValidationError } from '@platform/errors';
import type { EntityManager } from 'typeorm';
import { BrandKitService } from '../brand-kit/brand-kit.service';
import { briefOrThrow, irIssueDetails, type Loc } from '../common/creative-input';
import { DesignAssetsService } from '../rendering/design-assets.service';
import { RenderPool } from '../rendering/render-pool.service';
import { resolveRender, type RenderRequest } from '../rendering/render.service';
import { Design, type DesignSource } from './design.entity';
import { DesignRevision, type RevisionOperation } from './design-revision.entity';
import { DesignsRepository } from './designs.repository';
import { jsonPatch, summarizeDiff } from './design-diff';
import { addNode, assignIds, deleteNode, indexNodes, patchNode, relocateIssues, type Json } from './ir-tree';
import { ifMatchAccepts, parseIfMatch, type IfMatch } from './if-match';

export { DEFAULT_TEMPLATE };
/** Bundles this service writes and reads. */
export const BUNDLE_FORMAT = 'creative-design-bundle';
export const BUNDLE_VERSION = 1;

export interface DesignState {
  design: Design;
  revision: DesignRevision;
  /** What building the revision from a brief left out or cut (`TemplateResult.notices`); absent for other changes. */
  warnings?: LayoutWarning[];
}

/**
 * A template named by the caller must get its required fields: a 422 `missing` at `brief.<field>` for each one absent
 * (nothing is stored). A template the service chooses is one whose required fields the brief has (`chooseTemplate`).
 */
function requireFields(template: string, brief: Brief): void {
  const def = getTemplate(template)!;
  const missing = missingRequired(brief, def.required);
  if (missing.length) {
    throw new ValidationError(
      missing.map((f) => ({
        loc: ['brief', f],
        msg: `Field required: the ${template} template needs ${def.required.join(' and ')}`,
        type: 'missing',
      })),
    );
  }
}

/** Render options a change is asked to render with, and where their errors are reported. */
export interface RenderAsk {
  request: RenderRequest;
  loc: Loc;
}

/** Checks the render options against the resulting page before anything is stored (a 422 changes nothing). */
function checkRender(ir: Json, ask: RenderAsk | null | undefined): void {
  if (ask) resolveRender(ir.width as number, ir.height as number, ask.request, ask.loc);
}

export interface CreateDesignInput {
  brief?: Record<string, unknown> | null;
  ir?: Record<string, unknown> | null;
  template?: string | null;
  bundle?: Record<string, unknown> | null;
  title?: string | null;
  /** A template the caller named must get its required fields (422 `missing` at `brief.<field>`); otherwise they are warnings. */
  requireFields?: boolean;
  /** The claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the design. */
  idempotencyRef?: string | null;
}

export interface UpdateDesignInput {
  brief?: Record<string, unknown> | null;
  ir?: Record<string, unknown> | null;
  template?: string | null;
  title?: string | null;
  /** As `CreateDesignInput.requireFields`, for a template named in this request. */
  requireFields?: boolean;
}

/** What a change computes from the design's current state. */
interface Change {
  ir: Json;
  operation: RevisionOperation;
  nodeId?: string | null;
  restoredFrom?: number | null;
  /** Design fields to update with the revision. */
  design?: Partial<Pick<Design, 'title' | 'template' | 'brief' | 'source'>>;
}

export class PreconditionFailedError extends DomainException {
  constructor(current: number, condition?: IfMatch) {
    const named = condition && !condition.any ? condition.revisions : [];
    super(
      'precondition_failed',
      `The design is at revision ${current} (ETag "rev-${current}"), not ${named.length ? `revision ${named.join(' or ')}` : 'a revision If-Match names'}: ` +
        `read it again and retry with if_match ${current}.`,
      'precondition_failed',
      {
        extra: { current_revision: current },
      },
    );
  }
}

export const revisionEtag = (revision: number) => `"rev-${revision}"`;

export interface DesignOutline {
  id: string;
  revision: number;
  width: number;
  height: number;
  title: string | null;
}

/** A revision cursor: the last revision number of the page (revisions are listed newest first). */
function encodeRevisionCursor(revision: number): string {
  return Buffer.from(JSON.stringify(['r', revision])).toString('base64url');
}
function decodeRevisionCursor(cursor: string): number {
  try {
    const [tag, n] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (tag === 'r' && Number.isInteger(n) && n >= 1) return n;
  } catch {
    /* below */
  }
  throw new ValidationError([{ loc: ['cursor'], msg: 'Invalid cursor', type: 'value_error' }]);
}

function templateOrThrow(id: string, loc: Loc): string {
  if (!getTemplate(id)) {
    throw new ValidationError([
      {
        loc,
        msg: `unknown template "${id}"; one of ${listTemplates()
          .map((t) => t.id)
          .join(', ')}`,
        type: 'value_error',
      },
    ]);
  }
  return id;
}

/**
 * Designs and their revisions. Every change runs in one transaction that locks the design row
 * (`SELECT … FOR UPDATE`), computes the new IR from the current one, inserts revision n+1 and
 * moves the design to it: parallel changes of one design are serialised, each applied to the
 * other's result, and no revision number is lost or used twice.
 */
@Injectable()
export class DesignsService {
  constructor(
    private readonly repo: DesignsRepository,
    private readonly pool: RenderPool,
    private readonly brandKits: BrandKitService,
    private readonly assets: DesignAssetsService,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Reading

  async head(accountId: string, id: string): Promise<Design> {
    const design = await this.repo.find(accountId, id);
    if (!design) throw new NotFoundError(`Design ${id} not found`, 'not_found');
    return design;
  }

  /** The brief and template the design was made from (renders name the brief's fields a revision does not show). */
  async briefOf(accountId: string, id: string): Promise<{ brief: Json | null; template: string | null }> {
    const design = await this.head(accountId, id);
    return { brief: design.brief, template: design.template };
  }

  /** The design created under an Idempotency-Key's claim (`ref`) as it was created (revision 1), or null when none was. */
  async createdUnder(accountId: string, ref: string): Promise<DesignState | null> {
    const design = await this.repo.findByRef(accountId, ref);
    if (!design) return null;
    return { design: { ...design, revision: 1 }, revision: await this.revisionOf(design, 1) };
  }

  /**
   * The design as a change made under an Idempotency-Key's claim (`ref`) left it: at the revision that change made
   * (its size from that revision; title, template and brief as they are now), or null when no revision was made under it.
   */
  async changedUnder(accountId: string, ref: string): Promise<DesignState | null> {
    const revision = await this.repo.revisionByRef(accountId, ref);
    const design = revision && (await this.repo.find(accountId, revision.designId));
    if (!revision || !design) return null;
    return { design: { ...design, revision: revision.revision, width: revision.ir.width as number, height: revision.ir.height as number }, revision };
  }

  async get(accountId: string, id: string): Promise<DesignState> {
    const design = await this.head(accountId, id);
    return { design, revision: await this.revisionOf(design, design.revision) };
  }

  async list(
    accountId: string,
    page: { limit: number; cursor?: string; q?: string; template?: string },
  ): Promise<{ data: Design[]; nextCursor: string | null }> {
    if (page.template !== undefined) templateOrThrow(page.template, ['template']);
    return this.repo.page(accountId, page);
  }

  /**
   * Deletes the design with its revisions (and render-cache rows, and the campaign pieces it was), under its row lock
   * so If-Match is checked against the revision a concurrent change may be making. 404 when there is none (a second
   * delete), 412 when If-Match names another revision. The caller removes its artifacts after.
   */
  /** `ref`: the claim of the request's Idempotency-Key, recorded with the deletion (`deletedUnder`). */
  async delete(accountId: string, id: string, ifMatch: string | undefined, ref: string | null = null): Promise<void> {
    const condition = parseIfMatch(ifMatch);
    await this.repo.transaction(async (m) => {
      const design = await this.repo.lock(m, accountId, id);
      if (!design) throw new NotFoundError(`Design ${id} not found`, 'not_found');
      if (!ifMatchAccepts(condition, design.revision)) throw new PreconditionFailedError(design.revision, condition);
      await this.repo.delete(accountId, id, m);
      if (ref) await this.repo.recordDeletion(m, accountId, id, ref);
    });
  }

  /** The design a keyed delete whose process died deleted under `ref`, or null when its deletion did not commit. */
  deletedUnder(accountId: string, ref: string): Promise<string | null> {
    return this.repo.deletedUnder(accountId, ref);
  }

  /** Deletes deletions recorded longer ago than their key lives (`IdempotencyService.onSweep`). */
  sweepDeletions(limit: number, maxBatches: number): Promise<number> {
    return this.repo.sweepDeletions(limit, maxBatches);
  }

  async getRevision(accountId: string, id: string, revision: number): Promise<DesignRevision> {
    const design = await this.head(accountId, id);
    return this.revisionOf(design, revision);
  }

  /**
   * What previews and renders need of a design (current revision, page size, title), read by primary
   * key without the ORM: the whole database work of a cached preview.
   */
  async outline(accountId: string, id: string): Promise<DesignOutline> {
    const outline = await this.repo.outline(accountId, id);
    if (!outline) throw new NotFoundError(`Design ${id} not found`, 'not_found');
    return outline;
  }

  /** A revision's IR (previews and renders read only this). */
  async revisionIr(designId: string, revision: number): Promise<Json> {
    const ir = await this.repo.revisionIr(designId, revision);
    if (!ir) throw new NotFoundError(`Revision ${revision} not found`, 'not_found');
    return ir;
  }

  /** A revision of the design (read in `m`'s transaction when given), or 404 `not_found`. */
  private async revisionOf(design: Design, revision: number, m?: EntityManager): Promise<DesignRevision> {
    const row = await this.repo.revision(design.id, revision, m);
    if (!row) throw new NotFoundError(`Design ${design.id} has no revision ${revision} (its revisions are 1 to ${design.revision})`, 'not_found');
    return row;
  }

  async listRevisions(accountId: string, id: string, page: { limit: number; cursor?: string }): Promise<{ data: DesignRevision[]; nextCursor: string | null }> {
    await this.head(accountId, id);
    const rows = await this.repo.revisions(id, page.limit + 1, page.cursor ? decodeRevisionCursor(page.cursor) : undefined);
    const data = rows.slice(0, page.limit);
    return { data, nextCursor: rows.length > page.limit ? encodeRevisionCursor(data[data.length - 1].revision) : null };
  }

  async diff(accountId: string, id: string, from: number, to: number) {
    const design = await this.head(accountId, id);
    const [a, b] = await Promise.all([this.revisionOf(design, from), this.revisionOf(design, to)]);
    return { patch: jsonPatch(a.ir, b.ir), summary: summarizeDiff(a.ir, b.ir) };
  }

  /** The current revision as a portable document: every referenced asset and font inlined as a data URL. */
  async bundle(accountId: string, id: string) {
    const { design, revision } = await this.get(accountId, id);
    return {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      exported_at: new Date().toISOString(),
      design: {
        id: design.id,
        title: design.title,
        template: design.template,
        brief: design.brief,
        revision: design.revision,
        width: design.width,
        height: design.height,
      },
      ir: await this.assets.inline(accountId, revision.ir),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Creating

  async create(accountId: string, input: CreateDesignInput, render?: RenderAsk | null): Promise<DesignState> {
    const given = (['brief', 'ir', 'bundle'] as const).filter((k) => input[k] != null);
    if (given.length > 1 || (input.template != null && (input.ir != null || input.bundle != null))) {
      const others = [...given, ...(input.template != null ? ['template'] : [])];
      throw new ValidationError([
        { loc: [], msg: `give one source: a brief (with a template), an ir or a bundle; got ${others.join(', ')}`, type: 'value_error' },
      ]);
    }
    let ir: Json;
    let source: DesignSource;
    let design: Pick<Design, 'title' | 'template' | 'brief'>;
    let warnings: LayoutWarning[] | undefined;
    if (input.ir != null) {
      ir = await this.checkedIr(accountId, input.ir, ['ir']);
      source = 'ir';
      design = { title: input.title ?? null, template: null, brief: null };
    } else if (input.bundle != null) {
      const b = this.readBundle(input.bundle);
      ir = await this.checkedIr(accountId, b.ir, ['bundle', 'ir']);
      source = 'bundle';
      design = { title: input.title ?? b.title, template: b.template, brief: b.brief };
    } else {
      if (input.template != null) templateOrThrow(input.template, ['template']);
      const brief = briefOrThrow(input.brief ?? {}, ['brief']);
      if (input.template != null && input.requireFields) requireFields(input.template, brief);
      const template = input.template ?? chooseTemplate(brief).id;
      ({ ir, warnings } = await this.fromTemplate(accountId, template, brief));
      source = 'brief';
      design = { title: input.title ?? (typeof brief.title === 'string' ? brief.title.slice(0, 200) : null), template, brief: brief as Json };
    }
    checkRender(ir, render);
    const state = await this.insert(accountId, { ...design, source, sourceDesignId: null, idempotencyRef: input.idempotencyRef ?? null }, ir, 'create');
    return warnings ? { ...state, warnings } : state;
  }

  async duplicate(
    accountId: string,
    id: string,
    title: string | null | undefined,
    render?: RenderAsk | null,
    idempotencyRef: string | null = null,
  ): Promise<DesignState> {
    const { design, revision } = await this.get(accountId, id);
    checkRender(revision.ir, render);
    return this.insert(
      accountId,
      { title: title ?? design.title, template: design.template, brief: design.brief, source: 'duplicate', sourceDesignId: design.id, idempotencyRef },
      revision.ir,
      'duplicate',
    );
  }

  private async insert(
    accountId: string,
    fields: Pick<Design, 'title' | 'template' | 'brief' | 'source' | 'sourceDesignId' | 'idempotencyRef'>,
    ir: Json,
    operation: RevisionOperation,
  ): Promise<DesignState> {
    return this.repo.createWithRevision(
      { id: newId('des'), accountId, ...fields, revision: 1, width: ir.width as number, height: ir.height as number },
      { ir, operation },
    );
  }

  private async fromTemplate(accountId: string, template: string, brief: Brief): Promise<{ ir: Json; warnings: LayoutWarning[] }> {
    // The brief's photos are the caller's images (the IR the template builds keeps their asset:<id> references).
    await this.assets.checkBrief(accountId, brief as Json, ['brief']);
    const kit = await this.brandKits.templateBrand(accountId);
    // The images' bytes go with the brief (only the caller's, within upload limits): a cut-out is laid out as one.
    const assets = await this.assets.briefBytes(accountId, brief as Json);
    const built = await this.pool.run(
      { kind: 'template', template, brief, brand: kit?.brand, assets },
      { ir: ['ir'], input: (path) => (path === 'template' ? ['template'] : ['brief', ...path.split('.')]) },
    );
    // The template embeds the logo's bytes; the revision keeps a reference to the brand kit's logo asset instead.
    if (kit?.logoAssetId) {
      const logo = indexNodes(built.ir).get('logo')?.node;
      if (logo?.type === 'image' && typeof logo.src === 'string' && logo.src.startsWith('data:')) logo.src = `asset:${kit.logoAssetId}`;
    }
    return { ir: assignIds(built.ir), warnings: built.notices };
  }

  /** Validated by the library, ids given to every node, asset references checked against the account. */
  private async checkedIr(accountId: string, input: unknown, loc: Loc): Promise<Json> {
    const r = validateIr(input);
    if (!r.ok) throw new ValidationError(irIssueDetails(r.issues, loc));
    const ir = assignIds(r.value as unknown as Json);
    await this.assets.check(accountId, ir, loc);
    return ir;
  }

  private readBundle(bundle: Json): { ir: unknown; title: string | null; template: string | null; brief: Json | null } {
    const details: ErrorDetail[] = [];
    if (bundle.format !== BUNDLE_FORMAT)
      details.push({ loc: ['bundle', 'format'], msg: `must be "${BUNDLE_FORMAT}" (GET /v1/designs/{id}/bundle)`, type: 'value_error' });
    if (bundle.version !== BUNDLE_VERSION) details.push({ loc: ['bundle', 'version'], msg: `must be ${BUNDLE_VERSION}`, type: 'value_error' });
    if (!bundle.ir || typeof bundle.ir !== 'object') details.push({ loc: ['bundle', 'ir'], msg: 'Field required', type: 'missing' });
    const d = (bundle.design && typeof bundle.design === 'object' ? bundle.design : {}) as Json;
    const title = typeof d.title === 'string' ? d.title.slice(0, 200) : null;
    const template = typeof d.template === 'string' && getTemplate(d.template) ? d.template : null;
    let brief: Json | null = null;
    if (d.brief && typeof d.brief === 'object') brief = briefOrThrow(d.brief, ['bundle', 'design', 'brief']) as Json;
    if (details.length) throw new ValidationError(details);
    return { ir: bundle.ir, title, template: brief ? template : null, brief: template ? brief : null };
  }

  // ---------------------------------------------------------------------------------------------
  // Changing

  /**
   * Runs one change under the design's row lock: If-Match is checked against the locked revision,
   * the change computes the new IR from the current one, and revision n+1 is inserted (with `ref`, the claim of the
   * request's Idempotency-Key: one revision per claim, found again by `changedUnder`).
   */
  private async change(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    render: RenderAsk | null | undefined,
    compute: (design: Design, current: Json, m: EntityManager) => Promise<Change>,
    ref: string | null = null,
  ): Promise<DesignState> {
    const condition = parseIfMatch(ifMatch);
    return this.repo.transaction(async (m) => {
      const design = await this.repo.lock(m, accountId, id);
      if (!design) throw new NotFoundError(`Design ${id} not found`, 'not_found');
      if (!ifMatchAccepts(condition, design.revision)) throw new PreconditionFailedError(design.revision, condition);
      const current = await this.revisionOf(design, design.revision, m);
      const change = await compute(design, structuredClone(current.ir), m);
      checkRender(change.ir, render);
      const n = design.revision + 1;
      const revision = await this.repo.insertRevision(m, design, n, { ...change, idempotencyRef: ref });
      const moved = await this.repo.moveTo(m, design.id, {
        ...change.design,
        revision: n,
        width: change.ir.width as number,
        height: change.ir.height as number,
      });
      return { design: moved, revision };
    });
  }

  async update(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    input: UpdateDesignInput,
    render?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignState> {
    const has = (k: keyof UpdateDesignInput) => input[k] !== undefined && !(k !== 'title' && input[k] === null);
    if (!has('ir') && !has('brief') && !has('template') && input.title === undefined) {
      throw new ValidationError([{ loc: [], msg: 'nothing to change: give ir, brief, template or title', type: 'missing' }]);
    }
    if (has('ir') && (has('brief') || has('template'))) {
      throw new ValidationError([{ loc: ['ir'], msg: 'give either ir or brief/template: a brief rebuilds the IR from a template', type: 'value_error' }]);
    }
    if (input.template != null) templateOrThrow(input.template, ['template']);
    // Validate what can be validated before taking the lock.
    const newIr = has('ir') ? await this.checkedIr(accountId, input.ir, ['ir']) : undefined;
    let warnings: LayoutWarning[] | undefined;
    const state = await this.change(
      accountId,
      id,
      ifMatch,
      render,
      async (design, current) => {
        const fields: Change['design'] = {};
        if (input.title !== undefined) fields.title = input.title;
        // A raw IR replaces what the template built: the design is no longer the template's, and says so.
        if (newIr) return { ir: newIr, operation: 'patch', design: { ...fields, template: null, brief: null, source: 'ir' } };
        if (has('brief') || has('template')) {
          const template = input.template ?? design.template;
          if (!template) {
            throw new ValidationError([
              { loc: ['template'], msg: 'this design was not made from a template: give the template to build it from', type: 'missing' },
            ]);
          }
          const merged: Json = { ...(design.brief ?? {}) };
          for (const [k, v] of Object.entries(input.brief ?? {})) {
            if (v === null) delete merged[k];
            else merged[k] = v;
          }
          const brief = briefOrThrow(merged, ['brief']);
          if (input.template != null && input.requireFields) requireFields(template, brief);
          const built = await this.fromTemplate(accountId, template, brief);
          warnings = built.warnings;
          return { ir: built.ir, operation: 'patch', design: { ...fields, template, brief: brief as Json, source: 'brief' } };
        }
        return { ir: current, operation: 'patch', design: fields };
      },
      ref,
    );
    return warnings ? { ...state, warnings } : state;
  }

  async restore(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    revision: number,
    render?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignState> {
    return this.change(
      accountId,
      id,
      ifMatch,
      render,
      async (design, _current, m) => {
        const old = await this.revisionOf(design, revision, m);
        return { ir: old.ir, operation: 'restore', restoredFrom: revision };
      },
      ref,
    );
  }

  async addNode(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    input: { node: Json; parentId?: string | null; index?: number | null },
    render?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignState> {
    return this.change(
      accountId,
      id,
      ifMatch,
      render,
      async (_design, ir) => {
        const loc = addNode(ir, structuredClone(input.node), input.parentId, input.index);
        const out = await this.validated(accountId, ir, loc, ['node']);
        return { ir: out, operation: 'node_add', nodeId: nodeAt(out, loc).id as string };
      },
      ref,
    );
  }

  async patchNode(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    nodeId: string,
    patch: Json,
    render?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignState> {
    return this.change(
      accountId,
      id,
      ifMatch,
      render,
      async (_design, ir) => {
        const loc = patchNode(ir, nodeId, patch);
        return { ir: await this.validated(accountId, ir, loc, ['patch']), operation: 'node_patch', nodeId };
      },
      ref,
    );
  }

  async deleteNode(
    accountId: string,
    id: string,
    ifMatch: string | undefined,
    nodeId: string,
    render?: RenderAsk | null,
    ref: string | null = null,
  ): Promise<DesignState> {
    return this.change(
      accountId,
      id,
      ifMatch,
      render,
      async (_design, ir) => {
        deleteNode(ir, nodeId);
        return { ir: await this.validated(accountId, ir, ['root'], ['node_id'], false), operation: 'node_delete', nodeId };
      },
      ref,
    );
  }

  /**
   * The IR after a node operation, validated; issues inside the node at `nodeLoc` are reported under
   * `target`. Asset references are checked inside that node only: the rest of the document was
   * checked when it was stored (an asset deleted since then does not block other edits).
   */
  private async validated(accountId: string, ir: Json, nodeLoc: Loc, target: Loc, checkAssets = true): Promise<Json> {
    const r = validateIr(ir);
    if (!r.ok) throw new ValidationError(relocateIssues(r.issues, nodeLoc, target));
    const out = assignIds(r.value as unknown as Json);
    const inside = (ref: { loc: Loc }) => nodeLoc.every((k, i) => ref.loc[i] === k);
    if (!checkAssets) return out;
    await this.assets.check(accountId, out, target, inside).catch((e) => {
      if (e instanceof ValidationError)
        throw new ValidationError(e.details.map((d) => ({ ...d, loc: [...target, ...relocateLoc(d.loc.slice(target.length), nodeLoc)] })));
      throw e;
    });
    return out;
  }
}

/** The node at a location of the IR. */
function nodeAt(ir: Json, loc: Loc): Json {
  let node: unknown = ir;
  for (const key of loc) node = (node as Record<string | number, unknown>)[key];
  return node as Json;
}

/** An IR location inside the node at `nodeLoc` relative to that node (others unchanged). */
function relocateLoc(loc: Loc, nodeLoc: Loc): Loc {
  return nodeLoc.every((k, i) => loc[i] === k) ? loc.slice(nodeLoc.length) : loc;
}
