import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { BrandKit } from './brand-kit.entity';

/**
 * The brand kit's table (`creative.brand_kits`, one row per account). A replacement runs in a transaction the service
 * opens here (`transaction`) and passes back (`m`), with the lock on its logo asset taken through assets.
 */
@Injectable()
export class BrandKitRepository {
  static readonly tables = ['brand_kits'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  /** The account's kit, or null. */
  find(accountId: string, m: EntityManager = this.ds.manager): Promise<BrandKit | null> {
    return m.getRepository(BrandKit).findOneBy({ accountId });
  }

  /** Inside `m`: stores the account's kit (created or replaced); answers it as stored. */
  async upsert(m: EntityManager, accountId: string, fields: Omit<BrandKit, 'accountId' | 'createdAt' | 'updatedAt'>): Promise<BrandKit> {
    const repo = m.getRepository(BrandKit);
    await repo.upsert({ accountId, ...fields } as QueryDeepPartialEntity<BrandKit>, ['accountId']);
    return (await repo.findOneBy({ accountId }))!;
  }

  /**
   * Inside `m`: the account's kit locked for update (`FOR UPDATE`), an empty one (every field null) inserted first
   * when there is none, so that two first PATCHes at once also wait for each other.
   */
  async lockOrCreate(m: EntityManager, accountId: string): Promise<BrandKit> {
    await m.createQueryBuilder().insert().into(BrandKit).values({ accountId }).orIgnore().execute();
    return (await m.getRepository(BrandKit).findOne({ where: { accountId }, lock: { mode: 'pessimistic_write' } }))!;
  }

  /** Deletes the account's kit; true when there was one. */
  async delete(accountId: string): Promise<boolean> {
    const res = await this.ds.getRepository(BrandKit).delete({ accountId });
    return (res.affected ?? 0) > 0;
  }

  /** Inside `m` (an asset's deletion): whether the account's kit uses the asset as its logo. */
  async usesLogo(m: EntityManager, accountId: string, assetId: string): Promise<boolean> {
    return (await m.getRepository(BrandKit).findOneBy({ accountId, logoAssetId: assetId })) !== null;
  }
}
