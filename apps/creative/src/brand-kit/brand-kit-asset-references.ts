import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AssetReferencesPort, type AssetReferences } from '../assets/asset-references.port';
import { BrandKitRepository } from './brand-kit.repository';

/** The brand kit's side of assets' `AssetReferences` port: its logo may not be deleted from under it. */
@Injectable()
export class BrandKitAssetReferences implements AssetReferences {
  constructor(
    private readonly rows: BrandKitRepository,
    port: AssetReferencesPort,
  ) {
    port.implement(this);
  }

  async refusal(m: EntityManager, accountId: string, assetId: string): Promise<string | null> {
    return (await this.rows.usesLogo(m, accountId, assetId)) ? 'The brand kit uses this asset as its logo; change logo_asset_id first' : null;
  }
}
