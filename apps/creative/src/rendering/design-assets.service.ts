import { Injectable } from '@nestjs/common';
import { ErrorDetail, ValidationError } from '@platform/errors';
import type { Asset } from '../assets/asset.entity';
import { assetKindNoun } from '../assets/media/media-types';
import { AssetsRepository } from '../assets/assets.repository';
import { AssetsService } from '../assets/assets.service';
import { BytesLru } from './bytes-lru';
import type { AssetMap } from './render-tasks';

type Json = Record<string, unknown>;
type Loc = (string | number)[];

export interface AssetRef {
  id: string;
  /** What the reference needs: an image (image node `src`) or a font (`fonts[].src`). */
  kind: 'image' | 'font';
  /** Where the reference is in the IR, e.g. `['root', 'children', 0, 'src']`. */
  loc: Loc;
}

/** Asset bytes kept in memory for renders (assets never change: the key is the id and the content hash). */
export const ASSET_CACHE_BYTES = 32 * 1024 * 1024;

/** Every `asset:<id>` reference of an IR: image sources and document fonts. */
export function assetRefs(ir: Json): AssetRef[] {
  const out: AssetRef[] = [];
  const visit = (node: Json, loc: Loc) => {
    if (node.type === 'image' && typeof node.src === 'string' && node.src.startsWith('asset:'))
      out.push({ id: node.src.slice(6), kind: 'image', loc: [...loc, 'src'] });
    if (Array.isArray(node.children)) node.children.forEach((c, i) => c && typeof c === 'object' && visit(c as Json, [...loc, 'children', i]));
  };
  if (ir.root && typeof ir.root === 'object') visit(ir.root as Json, ['root']);
  if (Array.isArray(ir.fonts)) {
    ir.fonts.forEach((f, i) => {
      const src = (f as Json | null)?.src;
      if (typeof src === 'string' && src.startsWith('asset:')) out.push({ id: src.slice(6), kind: 'font', loc: ['fonts', i, 'src'] });
    });
  }
  return out;
}

/** The `asset:<id>` images a brief names, located in the brief (`image`, `images.<i>`, with `.src` for the object form). */
export function briefImageRefs(brief: Json): AssetRef[] {
  const out: AssetRef[] = [];
  const add = (v: unknown, loc: Loc) => {
    const src = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as Json).src : undefined;
    if (typeof src === 'string' && src.startsWith('asset:')) out.push({ id: src.slice(6), kind: 'image', loc: typeof v === 'string' ? loc : [...loc, 'src'] });
  };
  add(brief.image, ['image']);
  if (Array.isArray(brief.images)) brief.images.forEach((v, i) => add(v, ['images', i]));
  return out;
}

/**
 * The assets an IR references, seen from one account: `asset:<id>` must name one of the caller's
 * assets of the right kind (checked when a revision is stored), renders get their bytes, and bundles
 * get them inlined. An asset deleted after a design stored its reference is missing from renders
 * (the library draws the rest and warns).
 */
@Injectable()
export class DesignAssetsService {
  private readonly cache = new BytesLru<Buffer>(ASSET_CACHE_BYTES);

  constructor(
    private readonly assetRows: AssetsRepository,
    private readonly assets: AssetsService,
  ) {}

  private async rows(accountId: string, refs: AssetRef[]): Promise<Map<string, Asset>> {
    const rows = await this.assetRows.findMany(
      accountId,
      refs.map((r) => r.id),
      { id: true, kind: true, mime: true, sha256: true },
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** A 422 under `loc` for each reference that is not one of the account's assets of the kind it needs. */
  async check(accountId: string, ir: Json, loc: Loc, only?: (ref: AssetRef) => boolean): Promise<void> {
    await this.checkRefs(
      accountId,
      assetRefs(ir).filter((r) => !only || only(r)),
      loc,
    );
  }

  /**
   * A brief's images (`image`, `images`: `asset:<id>` or `{src: "asset:<id>", focal_point}`) must be the
   * account's images, as image nodes of an IR must: a 422 under `loc` (the brief) for each one that is not.
   */
  async checkBrief(accountId: string, brief: Json, loc: Loc): Promise<void> {
    await this.checkRefs(accountId, briefImageRefs(brief), loc);
  }

  private async checkRefs(accountId: string, refs: AssetRef[], loc: Loc): Promise<void> {
    if (!refs.length) return;
    const found = await this.rows(accountId, refs);
    const details: ErrorDetail[] = [];
    for (const r of refs) {
      const asset = found.get(r.id);
      if (!asset) details.push({ loc: [...loc, ...r.loc], msg: `no asset ${r.id} in this account`, type: 'not_found' });
      else if (asset.kind !== r.kind)
        details.push({
          loc: [...loc, ...r.loc],
          msg: `asset ${r.id} is ${assetKindNoun(asset.kind)}, not ${assetKindNoun(r.kind)}`,
          type: 'value_error',
        });
    }
    if (details.length) throw new ValidationError(details);
  }

  /** Bytes of every asset the IR references that the account still has, by id (for the render workers). */
  async bytes(accountId: string, ir: Json): Promise<AssetMap> {
    const refs = assetRefs(ir);
    if (!refs.length) return {};
    const found = await this.rows(accountId, refs);
    const out: AssetMap = {};
    await Promise.all(
      [...found.values()].map(async (asset) => {
        const data = await this.read(accountId, asset);
        if (data) out[asset.id] = data;
      }),
    );
    return out;
  }

  /** The IR with every `asset:<id>` reference replaced by the asset's bytes as a data URL (bundles). */
  async inline(accountId: string, ir: Json): Promise<Json> {
    const refs = assetRefs(ir);
    if (!refs.length) return ir;
    const found = await this.rows(accountId, refs);
    const out = structuredClone(ir);
    for (const r of refs) {
      const asset = found.get(r.id);
      const data = asset && (await this.read(accountId, asset));
      if (!asset || !data) continue;
      let holder: Json = out;
      for (const key of r.loc.slice(0, -1)) holder = (holder as Record<string | number, unknown>)[key] as Json;
      holder.src = `data:${asset.mime};base64,${data.toString('base64')}`;
    }
    return out;
  }

  private async read(accountId: string, asset: Pick<Asset, 'id' | 'kind' | 'sha256'>): Promise<Buffer | null> {
    const key = `${asset.id}:${asset.sha256}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const data = await this.assets.readBytes(accountId, asset.id, asset.kind);
    if (data) this.cache.set(key, data);
    return data;
  }
}
