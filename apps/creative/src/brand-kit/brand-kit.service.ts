import { Injectable } from '@nestjs/common';
import type { BrandKit as TemplateBrand } from '@platform/creative-ir';
import { type ErrorDetail, ValidationError } from '@platform/errors';
import { AssetsService } from '../assets/assets.service';
import type { BrandKit } from './brand-kit.entity';
import { BrandKitRepository } from './brand-kit.repository';
import { jsonBytes, MAX_FONTS_BYTES, MAX_METADATA_BYTES } from './dto/brand-kit.dto';

export type BrandKitInput = Omit<BrandKit, 'accountId' | 'createdAt' | 'updatedAt'>;
/** A PATCH: the fields to change (null clears one); `fonts` and `metadata` are merge patches of the stored objects. */
export type BrandKitPatch = Partial<BrandKitInput>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** RFC 7396: `patch` applied to `target` (objects merged key by key, a null member removed, anything else replaced). */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

@Injectable()
export class BrandKitService {
  constructor(
    private readonly rows: BrandKitRepository,
    private readonly assets: AssetsService,
  ) {}

  get(accountId: string): Promise<BrandKit | null> {
    return this.rows.find(accountId);
  }

  /**
   * Replaces the kit (creating it if needed). A `logoAssetId` must be one of the account's image
   * assets (422 at `logo_asset_id`); it is locked until the kit is stored, so a concurrent delete
   * of that asset either happens first (and this answers 422) or sees the kit (and answers 409).
   */
  async put(accountId: string, input: BrandKitInput): Promise<BrandKit> {
    return this.rows.transaction(async (m) => {
      if (input.logoAssetId && !(await this.assets.lockImageForReference(m, accountId, input.logoAssetId))) {
        throw new ValidationError([{ loc: ['logo_asset_id'], msg: 'logo_asset_id must be the id of one of your image assets', type: 'value_error' }]);
      }
      return this.rows.upsert(m, accountId, input);
    });
  }

  /**
   * Changes the given fields of the kit (creating it from the defaults if needed), under a lock on the kit's row, so
   * two PATCHes at once each apply to the other's result. A merged `fonts` or `metadata` over its limit is a 422 at
   * that field and nothing is stored; a new `logoAssetId` is checked and locked as `put` does.
   */
  async patch(accountId: string, changes: BrandKitPatch): Promise<BrandKit> {
    return this.rows.transaction(async (m) => {
      const current = await this.rows.lockOrCreate(m, accountId);
      const next: BrandKitInput = {
        name: current.name,
        colors: current.colors,
        fonts: current.fonts,
        logoAssetId: current.logoAssetId,
        logoPosition: current.logoPosition,
        logoSize: current.logoSize,
        logoMargin: current.logoMargin,
        tone: current.tone,
        palette: current.palette,
        metadata: current.metadata,
        ...changes,
      };
      const errors: ErrorDetail[] = [];
      for (const [field, key, max] of [
        ['fonts', 'fonts', MAX_FONTS_BYTES],
        ['metadata', 'metadata', MAX_METADATA_BYTES],
      ] as const) {
        if (changes[key] === undefined || changes[key] === null) continue;
        next[key] = mergePatch(current[key], changes[key]) as Record<string, unknown>;
        if (jsonBytes(next[key]) > max)
          errors.push({ loc: [field], msg: `${field} (merged with the stored one) must be at most ${max} bytes of JSON`, type: 'value_error' });
      }
      if (changes.logoAssetId && changes.logoAssetId !== current.logoAssetId && !(await this.assets.lockImageForReference(m, accountId, changes.logoAssetId))) {
        errors.push({ loc: ['logo_asset_id'], msg: 'logo_asset_id must be the id of one of your image assets', type: 'value_error' });
      }
      if (errors.length) throw new ValidationError(errors);
      return this.rows.upsert(m, accountId, next);
    });
  }

  async remove(accountId: string): Promise<boolean> {
    return this.rows.delete(accountId);
  }

  /**
   * The kit as the templates take it (colors, fonts, logo bytes with its position, size and margin,
   * tone, palette), and the logo's asset id; undefined without a kit. A logo asset deleted meanwhile
   * is left out.
   */
  async templateBrand(accountId: string): Promise<{ brand: TemplateBrand; logoAssetId: string | null } | undefined> {
    const kit = await this.get(accountId);
    if (!kit) return undefined;
    const fonts = Object.fromEntries(Object.entries(kit.fonts ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const logo = kit.logoAssetId ? await this.assets.readBytes(accountId, kit.logoAssetId, 'image') : null;
    return {
      brand: {
        name: kit.name,
        colors: kit.colors,
        fonts,
        logo,
        logo_position: kit.logoPosition as TemplateBrand['logo_position'],
        logo_size: kit.logoSize,
        logo_margin: kit.logoMargin,
        tone: kit.tone,
        palette: kit.palette,
      },
      logoAssetId: logo ? kit.logoAssetId : null,
    };
  }
}
