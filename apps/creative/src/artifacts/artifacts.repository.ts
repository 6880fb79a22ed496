import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, EntityManager, In } from 'typeorm';
import { DeletionRecords } from '../common/deletion-records.repository';
import { Artifact } from './artifact.entity';

/** What `GET /v1/artifacts` filters by. */
export interface ArtifactPageQuery {
  limit: number;
  cursor?: string;
  designId?: string;
  jobId?: string;
  kind?: string;
  mime?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

/** An artifact id as this service writes them (anything else names no artifact and is not sent to the database). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The advisory lock of an account's blob (by its bytes): held while a row takes or gives up the blob. */
const blobLockKey = (accountId: string, sha256: string) => `artifact-blob:${accountId}:${sha256}`;

/**
 * Artifacts' table (`creative.artifacts`) and the advisory locks of their content-addressed blobs. SQL stays SQL where
 * the lock order is the point (the insert takes the blob's lock in the same statement). Other features read artifacts
 * through ArtifactsService or this repository (exported by ArtifactsModule), never the table.
 */
@Injectable()
export class ArtifactsRepository {
  static readonly tables = ['artifacts', 'artifact_deletions'] as const;

  /** What keyed DELETEs deleted (`creative.artifact_deletions`, see `DeletionRecords`). */
  readonly deletions: DeletionRecords;

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    this.deletions = new DeletionRecords(ds, 'creative.artifact_deletions', 'artifact_id');
  }

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  /** A new (unsaved) artifact record. */
  create(fields: Partial<Artifact>): Artifact {
    return this.ds.getRepository(Artifact).create(fields);
  }

  /** Inside `m`: takes the blob's lock, then inserts the row, in one statement (the INSERT reads the lock's row); answers `created_at`. */
  async insertLocked(m: EntityManager, a: Artifact): Promise<Date> {
    const [row]: { created_at: Date }[] = await m.query(
      `WITH lock AS (SELECT pg_advisory_xact_lock(hashtextextended($16, 0)))
         INSERT INTO creative.artifacts (id, account_id, kind, mime, bytes, sha256, blob_key, filename, width, height, duration, design_id, design_revision, job_id, asset_id, idempotency_ref)
         SELECT $1, $2, $3, $4, $5::bigint, $6, $7, $8, $9::int, $10::int, $11::double precision, $12, $13::int, $14, $15, $17 FROM lock RETURNING created_at`,
      [
        a.id,
        a.accountId,
        a.kind,
        a.mime,
        a.bytes,
        a.sha256,
        a.blobKey,
        a.filename,
        a.width,
        a.height,
        a.duration,
        a.designId,
        a.designRevision,
        a.jobId,
        a.assetId,
        blobLockKey(a.accountId, a.sha256),
        a.idempotencyRef ?? null,
      ],
    );
    return row.created_at;
  }

  /** Inside `m`: the lock of the account's blob of `sha256`, until the transaction ends. */
  async lockBlob(m: EntityManager, accountId: string, sha256: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [blobLockKey(accountId, sha256)]);
  }

  /** Whether an artifact of the account still has these bytes. */
  async holdsBlob(m: EntityManager, accountId: string, sha256: string): Promise<boolean> {
    const left: unknown[] = await m.query('SELECT 1 FROM creative.artifacts WHERE account_id = $1 AND sha256 = $2 LIMIT 1', [accountId, sha256]);
    return left.length > 0;
  }

  /** Inside `m`: deletes the account's artifact; true when there was one. */
  async delete(m: EntityManager, accountId: string, id: string): Promise<boolean> {
    const deleted = await m.getRepository(Artifact).delete({ accountId, id });
    return !!deleted.affected;
  }

  /** The account's artifact (any account's when `accountId` is null: a signed URL names it), or null. */
  find(accountId: string | null, id: string): Promise<Artifact | null> {
    if (!ID.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Artifact).findOneBy(accountId === null ? { id } : { accountId, id });
  }

  /** The account's artifact stored under an Idempotency-Key's claim, or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Artifact | null> {
    return this.ds.getRepository(Artifact).findOneBy({ accountId, idempotencyRef });
  }

  /** The account's oldest artifact of `kind` made from an asset (a generation's picture), or null. */
  ofAsset(accountId: string, assetId: string, kind: string): Promise<Artifact | null> {
    return this.ds.getRepository(Artifact).findOne({ where: { accountId, assetId, kind }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The ids of the account's artifacts made from a design. */
  async idsOfDesign(accountId: string, designId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query('SELECT id FROM creative.artifacts WHERE account_id = $1 AND design_id = $2', [accountId, designId]);
    return rows.map((r) => r.id);
  }

  /** A page of the account's artifacts, newest first, filtered. */
  page(accountId: string, q: ArtifactPageQuery): Promise<{ data: Artifact[]; nextCursor: string | null }> {
    const qb = this.ds.getRepository(Artifact).createQueryBuilder('a').where('a.account_id = :accountId', { accountId });
    if (q.designId !== undefined) qb.andWhere('a.design_id = :designId', { designId: q.designId });
    if (q.jobId !== undefined) qb.andWhere('a.job_id = :jobId', { jobId: q.jobId });
    if (q.kind !== undefined) qb.andWhere('a.kind = :kind', { kind: q.kind });
    if (q.mime !== undefined) qb.andWhere('a.mime = :mime', { mime: q.mime });
    if (q.createdAfter !== undefined) qb.andWhere('a.created_at >= :after', { after: q.createdAfter });
    if (q.createdBefore !== undefined) qb.andWhere('a.created_at < :before', { before: q.createdBefore });
    return keysetPage(qb, 'a', { cursor: q.cursor, limit: q.limit, order: 'DESC' });
  }

  /** The artifacts among `ids` (job views: the ids a job stored). */
  findMany(ids: string[]): Promise<Artifact[]> {
    const valid = [...new Set(ids)].filter((id) => ID.test(id));
    return valid.length ? this.ds.getRepository(Artifact).findBy({ id: In(valid) }) : Promise.resolve([]);
  }

  /** How many artifacts the account has, and their bytes. */
  async storageOf(accountId: string): Promise<{ bytes: number; count: number }> {
    const [row] = (await this.ds.query(`SELECT sum(bytes)::bigint AS bytes, count(*)::int AS count FROM creative.artifacts WHERE account_id = $1`, [
      accountId,
    ])) as { bytes: string | null; count: number }[];
    return { bytes: Number(row.bytes ?? 0), count: row.count };
  }
}
