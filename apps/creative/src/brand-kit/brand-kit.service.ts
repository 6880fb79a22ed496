import { Injectable } from '@nestjs/common';
import type { BrandKit as TemplateBrand } from '@platform/creative-ir';
import { ValidationError } from '@platform/errors';
import { AssetsService } from '../assets/assets.service';
import type { BrandKit } from './brand-kit.entity';
import { BrandKitRepository } from './brand-kit.repository';

export type BrandKitInput = Omit<BrandKit, 'accountId' | 'createdAt' | 'updatedAt'>;

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
