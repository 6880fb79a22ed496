import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A feature that references assets (the brand kit's logo) and may refuse their deletion. Assets is the lower feature
 * (the brand kit uploads through it), so assets owns this port and the higher feature implements it and plugs it in
 * (`AssetReferencesPort.implement`): assets never reads another feature's tables nor imports it.
 */
export interface AssetReferences {
  /** Inside the deleting transaction `m`: why the asset may not be deleted (409 `asset_in_use`), or null. */
  refusal(m: EntityManager, accountId: string, assetId: string): Promise<string | null>;
}

/** The references assets asks before deleting an asset: every implementation plugged in. */
@Injectable()
export class AssetReferencesPort implements AssetReferences {
  private readonly impls: AssetReferences[] = [];

  implement(impl: AssetReferences): void {
    this.impls.push(impl);
  }

  async refusal(m: EntityManager, accountId: string, assetId: string): Promise<string | null> {
    for (const impl of this.impls) {
      const why = await impl.refusal(m, accountId, assetId);
      if (why) return why;
    }
    return null;
  }
}
