import { Injectable } from '@nestjs/common';
import { distance } from 'fastest-levenshtein';
import type { AuthContext } from '@platform/auth';
import { BrandKitService, type BrandKitPatch } from './brand-kit.service';
import {
  BRAND_KIT_FIELDS,
  type BrandKitDeletedDto,
  BrandKitDto,
  type BrandKitSavedDto,
  type BrandKitWarningDto,
  type PatchBrandKitDto,
  type PutBrandKitDto,
} from './dto/brand-kit.dto';

/** Body fields every creating or updating body may carry besides its own (the platform's idempotency key). */
const PLATFORM_FIELDS = new Set(['idempotency_key']);

/**
 * The fields of the body as sent that are not brand kit fields: the spec lets every body carry more fields than it
 * lists, so they are accepted, and ignored, but named (issue 34: `PUT {"nme": "typo"}` silently reset the whole kit).
 */
export function unknownFieldWarnings(sent: unknown): BrandKitWarningDto[] {
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return [];
  const known = new Set<string>(BRAND_KIT_FIELDS);
  return Object.keys(sent)
    .filter((field) => !known.has(field) && !PLATFORM_FIELDS.has(field))
    .map((field) => {
      const near = BRAND_KIT_FIELDS.map((k) => ({ k, d: distance(field.toLowerCase(), k) })).sort((x, y) => x.d - y.d)[0];
      const hint = near && near.d <= 2 ? ` (did you mean "${near.k}"?)` : '';
      return { code: 'unknown_field' as const, field, message: `"${field}" is not a brand kit field and was ignored${hint}` };
    });
}

/** The brand kit's use cases as REST and MCP run them. */
@Injectable()
export class BrandKitUseCases {
  constructor(private readonly kits: BrandKitService) {}

  async get(auth: AuthContext): Promise<BrandKitDto> {
    return BrandKitDto.from(await this.kits.get(auth.accountId));
  }

  /** Replaces the kit: omitted fields return to their defaults. `sent` is the body as sent (its unknown fields are warned about). */
  async put(auth: AuthContext, body: PutBrandKitDto, sent: unknown): Promise<BrandKitSavedDto> {
    const kit = await this.kits.put(auth.accountId, {
      name: body.name ?? null,
      colors: body.colors ?? null,
      fonts: body.fonts ?? null,
      logoAssetId: body.logo_asset_id ?? null,
      logoPosition: body.logo_position ?? null,
      logoSize: body.logo_size ?? null,
      logoMargin: body.logo_margin ?? null,
      tone: body.tone ?? null,
      palette: body.palette ?? null,
      metadata: body.metadata ?? null,
    });
    return { ...BrandKitDto.from(kit), warnings: unknownFieldWarnings(sent) };
  }

  /**
   * Changes only the fields given (JSON merge patch): a field left out is kept, `null` clears it, `fonts` and
   * `metadata` are merged key by key. Creates the kit from the defaults when there is none.
   */
  async patch(auth: AuthContext, body: PatchBrandKitDto, sent: unknown): Promise<BrandKitSavedDto> {
    const changes: BrandKitPatch = {};
    // Absent fields are undefined in the validated body; JSON has no undefined, so `null` is a given null.
    if (body.name !== undefined) changes.name = body.name;
    if (body.colors !== undefined) changes.colors = body.colors;
    if (body.fonts !== undefined) changes.fonts = body.fonts;
    if (body.logo_asset_id !== undefined) changes.logoAssetId = body.logo_asset_id;
    if (body.logo_position !== undefined) changes.logoPosition = body.logo_position;
    if (body.logo_size !== undefined) changes.logoSize = body.logo_size;
    if (body.logo_margin !== undefined) changes.logoMargin = body.logo_margin;
    if (body.tone !== undefined) changes.tone = body.tone;
    if (body.palette !== undefined) changes.palette = body.palette;
    if (body.metadata !== undefined) changes.metadata = body.metadata;
    const kit = await this.kits.patch(auth.accountId, changes);
    return { ...BrandKitDto.from(kit), warnings: unknownFieldWarnings(sent) };
  }

  async remove(auth: AuthContext): Promise<BrandKitDeletedDto> {
    return { deleted: await this.kits.remove(auth.accountId) };
  }
}
