import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AssetReferencesPort, type AssetReferences } from '../assets/asset-references.port';
import { BrandKit } from './brand-kit.entity';

/** The brand kit's side of assets' `AssetReferences` port: its logo may not be deleted from under it. */
@Injectable()
export class BrandKitAssetReferences implements AssetReferences {
  constructor(port: AssetReferencesPort) {
    port.implement(this);
  }

  async refusal(m: EntityManager, accountId: string, assetId: string): Promise<string | null> {
    const kit = await m.getRepository(BrandKit).findOneBy({ accountId, logoAssetId: assetId });
    return kit ? 'The brand kit uses this asset as its logo; change logo_asset_id first' : null;
  }
}
