import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ErrorDetail, ValidationError } from '@platform/errors';
import sharp from 'sharp';
import type { Asset } from '../assets/asset.entity';
import { assetKindNoun } from '../assets/media/media-types';
import { AssetsRepository } from '../assets/assets.repository';
import { AssetsService } from '../assets/assets.service';
import type { CreativeConfig } from '../config';
import { BytesLru } from './bytes-lru';
import { RenderPool } from './render-pool.service';
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

/** Every `data:` image of an IR (image node sources), located as `assetRefs` locates references. */
export function dataImageRefs(ir: Json): { src: string; loc: Loc }[] {
  const out: { src: string; loc: Loc }[] = [];
  const visit = (node: Json, loc: Loc) => {
    if (node.type === 'image' && typeof node.src === 'string' && node.src.startsWith('data:')) out.push({ src: node.src, loc: [...loc, 'src'] });
    if (Array.isArray(node.children)) node.children.forEach((c, i) => c && typeof c === 'object' && visit(c as Json, [...loc, 'children', i]));
  };
  if (ir.root && typeof ir.root === 'object') visit(ir.root as Json, ['root']);
  return out;
}

/** Characters every break, truncation and hyphenation may add to a line of text. */
const LINE_EXTRAS = ' \u00a0…-\u2010\u2011';

/**
 * Every character the document's text may draw, over-counted so that a font cut to it draws the same page: every
 * string of the IR except data URLs and the fonts' own entries, in upper and lower case (text transforms) and both
 * normalization forms (shapers decompose some letters), and the characters line breaking and truncation add.
 */
export function documentCharacters(ir: Json): string {
  const chars = new Set<string>(LINE_EXTRAS);
  const add = (s: string) => {
    for (const form of [s, s.toUpperCase(), s.toLowerCase()])
      for (const x of [form, form.normalize('NFD'), form.normalize('NFC')]) for (const ch of x) chars.add(ch);
  };
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      if (!v.startsWith('data:')) add(v);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  for (const [key, value] of Object.entries(ir)) if (key !== 'fonts') visit(value);
  return [...chars].join('');
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
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly pool: RenderPool,
  ) {}

  private async rows(accountId: string, refs: AssetRef[], more: Parameters<AssetsRepository['findMany']>[2] = {}): Promise<Map<string, Asset>> {
    const rows = await this.assetRows.findMany(
      accountId,
      refs.map((r) => r.id),
      { id: true, kind: true, mime: true, sha256: true, ...more },
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * A 422 under `loc` for each reference that is not one of the account's assets of the kind it needs, and for each
   * `data:` image larger than an upload may be (`image_too_large`, as `POST /v1/assets` answers).
   */
  async check(accountId: string, ir: Json, loc: Loc, only?: (ref: { loc: Loc }) => boolean): Promise<void> {
    await this.checkRefs(
      accountId,
      assetRefs(ir).filter((r) => !only || only(r)),
      loc,
    );
    await this.checkDataImages(
      dataImageRefs(ir).filter((r) => !only || only(r)),
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

  /**
   * Inline images are held to the upload's pixel limit (`ASSET_MAX_PIXELS`), read from the header before anything is
   * decoded: a 422 `image_too_large` under `loc` for each one above it. Bytes sharp cannot read are left to the
   * renderer (which skips them with a warning).
   */
  private async checkDataImages(refs: { src: string; loc: Loc }[], loc: Loc): Promise<void> {
    if (!refs.length) return;
    const max = this.config.assets.maxPixels;
    const details: ErrorDetail[] = [];
    for (const r of refs) {
      const bytes = Buffer.from(r.src.slice(r.src.indexOf(',') + 1), 'base64');
      const meta = await sharp(bytes, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      const width = meta?.width ?? 0;
      const height = meta?.pageHeight ?? meta?.height ?? 0;
      if (width * height > max)
        details.push({
          loc: [...loc, ...r.loc],
          msg: `The image is ${width} x ${height} px (${width * height} pixels); the limit is ${max} pixels`,
          type: 'image_too_large',
        });
    }
    if (details.length) throw new ValidationError(details);
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

  /**
   * Bytes of the images a brief names (`image`, `images`: at most 9), by id, for the template build (which reads a
   * transparent ground as a cut-out): only the account's image assets, each within the upload limits (bytes and
   * pixels); another account's id, a font or an unknown id gets nothing (`checkBrief` refuses them first).
   */
  async briefBytes(accountId: string, brief: Json): Promise<AssetMap> {
    const refs = briefImageRefs(brief);
    if (!refs.length) return {};
    const found = await this.rows(accountId, refs, { bytes: true, width: true, height: true });
    const { maxUploadBytes, maxPixels } = this.config.assets;
    const out: AssetMap = {};
    await Promise.all(
      [...found.values()]
        .filter((a) => a.kind === 'image' && a.bytes <= maxUploadBytes && (a.width ?? 0) * (a.height ?? 0) <= maxPixels)
        .map(async (asset) => {
          const data = await this.read(accountId, asset);
          if (data) out[asset.id] = data;
        }),
    );
    return out;
  }

  /**
   * The IR as a bundle carries it: every `asset:<id>` reference replaced by the asset's bytes as a data URL (images
   * keep their bytes), and every document font (`fonts[].src`, inlined or already a data URL) cut to the characters the
   * document draws, in its own format (a font HarfBuzz cannot cut stays whole), as the HTML export does.
   */
  async inline(accountId: string, ir: Json): Promise<Json> {
    const refs = assetRefs(ir);
    const found = refs.length ? await this.rows(accountId, refs) : new Map<string, Asset>();
    const out = structuredClone(ir);
    for (const r of refs) {
      const asset = found.get(r.id);
      const data = asset && (await this.read(accountId, asset));
      if (!asset || !data) continue;
      let holder: Json = out;
      for (const key of r.loc.slice(0, -1)) holder = (holder as Record<string | number, unknown>)[key] as Json;
      holder.src = `data:${asset.mime};base64,${data.toString('base64')}`;
    }
    await this.subsetFonts(out);
    return out;
  }

  /** Cuts the document's data URL fonts (in place) to the characters it draws. */
  private async subsetFonts(ir: Json): Promise<void> {
    const faces = (Array.isArray(ir.fonts) ? ir.fonts : []).filter(
      (f): f is Json & { src: string } =>
        !!f && typeof f === 'object' && typeof (f as Json).src === 'string' && ((f as Json).src as string).startsWith('data:'),
    );
    if (!faces.length) return;
    const parsed = faces.map((f) => {
      const comma = f.src.indexOf(',');
      return { prefix: f.src.slice(0, comma + 1), bytes: Buffer.from(f.src.slice(comma + 1), 'base64') };
    });
    const { fonts } = await this.pool.run({ kind: 'subset_fonts', fonts: parsed.map((p) => new Uint8Array(p.bytes)), text: documentCharacters(ir) });
    faces.forEach((f, i) => {
      const cut = fonts[i];
      if (cut && parsed[i].prefix.endsWith(';base64,')) f.src = `${parsed[i].prefix}${Buffer.from(cut).toString('base64')}`;
    });
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
