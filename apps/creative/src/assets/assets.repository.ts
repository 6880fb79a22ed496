import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, EntityManager, In, type FindOptionsSelect } from 'typeorm';
import { DeletionRecords } from '../common/deletion-records.repository';
import { Asset } from './asset.entity';
import type { AssetKind } from './media/media-types';

/** An asset id as this service writes them (anything else names no asset and is not sent to the database). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Assets' table (`creative.assets`). Other features read assets through this repository (exported by AssetsModule)
 * or through AssetsService, never the table.
 */
@Injectable()
export class AssetsRepository {
  static readonly tables = ['assets', 'asset_deletions'] as const;

  /** What keyed DELETEs deleted (`creative.asset_deletions`, see `DeletionRecords`). */
  readonly deletions: DeletionRecords;

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    this.deletions = new DeletionRecords(ds, 'creative.asset_deletions', 'asset_id');
  }

  /** Saves a new asset row (answers it as stored). */
  insert(row: Partial<Asset>): Promise<Asset> {
    const repo = this.ds.getRepository(Asset);
    return repo.save(repo.create(row));
  }

  /** The account's asset (of `kind` when given), or null; an id that cannot be one is not looked up. */
  find(accountId: string, id: string, kind?: AssetKind): Promise<Asset | null> {
    if (!ID.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Asset).findOneBy({ accountId, id, ...(kind ? { kind } : {}) });
  }

  /** The asset made under an Idempotency-Key's claim (`ref`), or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Asset | null> {
    return this.ds.getRepository(Asset).findOneBy({ accountId, idempotencyRef });
  }

  /** The asset of whichever account holds it (a signed URL names it, and its signature stands for the account), or null. */
  findSigned(id: string): Promise<Asset | null> {
    if (!ID.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Asset).findOneBy({ id });
  }

  /** The account's assets among `ids` (ids that cannot be one left out), with the columns of `select`. */
  findMany(accountId: string, ids: string[], select: FindOptionsSelect<Asset>): Promise<Asset[]> {
    const valid = [...new Set(ids)].filter((id) => ID.test(id));
    if (!valid.length) return Promise.resolve([]);
    return this.ds.getRepository(Asset).find({ where: { accountId, id: In(valid) }, select });
  }

  /** The account's fonts, oldest first, at most `limit` (the catalogue's account fonts). */
  fonts(accountId: string, limit: number): Promise<Pick<Asset, 'id' | 'family' | 'weight' | 'style' | 'createdAt'>[]> {
    return this.ds.getRepository(Asset).find({
      where: { accountId, kind: 'font' },
      select: { id: true, family: true, weight: true, style: true, createdAt: true },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** A page of the account's assets, newest first (keyset on `created_at`, `id`). */
  page(accountId: string, options: { limit: number; cursor?: string; kind?: AssetKind }): Promise<{ data: Asset[]; nextCursor: string | null }> {
    const qb = this.ds.getRepository(Asset).createQueryBuilder('a').where('a.account_id = :accountId', { accountId });
    if (options.kind) qb.andWhere('a.kind = :kind', { kind: options.kind });
    return keysetPage(qb, 'a', { cursor: options.cursor, limit: options.limit, order: 'DESC' });
  }

  /** How many assets the account has, and their bytes. */
  async storageOf(accountId: string): Promise<{ bytes: number; count: number }> {
    const [row] = (await this.ds.query(`SELECT sum(bytes)::bigint AS bytes, count(*)::int AS count FROM creative.assets WHERE account_id = $1`, [
      accountId,
    ])) as { bytes: string | null; count: number }[];
    return { bytes: Number(row.bytes ?? 0), count: row.count };
  }

  /**
   * Locks an image asset of the account against deletion until `m`'s transaction ends (`FOR SHARE`), for a row that
   * will reference it. False when there is no such image.
   */
  async lockImage(m: EntityManager, accountId: string, id: string): Promise<boolean> {
    if (!ID.test(id)) return false;
    const rows: unknown[] = await m.query(`SELECT id FROM creative.assets WHERE account_id = $1 AND id = $2 AND kind = 'image' FOR SHARE`, [accountId, id]);
    return rows.length > 0;
  }

  /**
   * Deletes the account's asset in one transaction: its row is locked (`FOR UPDATE`), `beforeDelete` may refuse
   * (by throwing) inside that transaction, then the row goes. Answers the blob key of the deleted row, or null when
   * there was no such asset.
   */
  async delete(accountId: string, id: string, beforeDelete: (m: EntityManager) => Promise<void>): Promise<string | null> {
    if (!ID.test(id)) return null;
    return this.ds.transaction(async (m) => {
      const rows: { blob_key: string }[] = await m.query(`SELECT blob_key FROM creative.assets WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, id]);
      if (!rows.length) return null;
      await beforeDelete(m);
      await m.query(`DELETE FROM creative.assets WHERE account_id = $1 AND id = $2`, [accountId, id]);
      return rows[0].blob_key;
    });
  }

  /** Whether an asset of the account still names this blob (the blob sweep removes those none names). */
  async holdsBlob(accountId: string, blobKey: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query('SELECT 1 FROM creative.assets WHERE account_id = $1 AND blob_key = $2 LIMIT 1', [accountId, blobKey]);
    return rows.length > 0;
  }
}
