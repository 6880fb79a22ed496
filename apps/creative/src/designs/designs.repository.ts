import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DeletionRecords } from '../common/deletion-records.repository';
import { DataSource, EntityManager } from 'typeorm';
import { Design } from './design.entity';
import { DesignRevision, type RevisionOperation } from './design-revision.entity';

type Json = Record<string, unknown>;

/** Accented letters and what `search_text` (see the migration `DesignSearch`) folds them to: the same map in SQL and here. */
export const SEARCH_FOLD_FROM =
  'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž';
export const SEARCH_FOLD_TO =
  'AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz';

/** Text as `search_text` stores it: accents folded (`SEARCH_FOLD_*`), then lower case. */
export function foldForSearch(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const i = SEARCH_FOLD_FROM.indexOf(ch);
    out += i >= 0 ? SEARCH_FOLD_TO[i] : ch;
  }
  return out.toLowerCase();
}

/** A design's size and title at its current revision, read without the ORM (previews and renders). */
export interface DesignOutlineRow {
  id: string;
  revision: number;
  width: number;
  height: number;
  title: string | null;
}

/** What a new revision records. */
export interface RevisionFields {
  ir: Json;
  operation: RevisionOperation;
  nodeId?: string | null;
  restoredFrom?: number | null;
  /** A change's: the claim of the request's Idempotency-Key (`IdempotentEffect`), one revision per claim. */
  idempotencyRef?: string | null;
}

/**
 * Designs' tables (`creative.designs`, `creative.design_revisions`). Changes run in a transaction the service opens
 * here (`transaction`) and passes back (`m`), so the design row's lock and the revision insert stay in one. Other
 * features (campaigns) go through this repository (exported by DesignsModule), never the tables.
 */
@Injectable()
export class DesignsRepository {
  static readonly tables = ['designs', 'design_revisions', 'design_deletions'] as const;

  private readonly deletions: DeletionRecords;

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    this.deletions = new DeletionRecords(ds, 'creative.design_deletions', 'design_id');
  }

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  /** The account's design, or null. */
  find(accountId: string, id: string, m: EntityManager = this.ds.manager): Promise<Design | null> {
    return m.getRepository(Design).findOneBy({ id, accountId });
  }

  /** The design created under an Idempotency-Key's claim (`ref`), or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Design | null> {
    return this.ds.getRepository(Design).findOneBy({ accountId, idempotencyRef });
  }

  /** Inside `m`: the account's design, locked (`FOR UPDATE`) until the transaction ends, or null. */
  lock(m: EntityManager, accountId: string, id: string): Promise<Design | null> {
    return m
      .getRepository(Design)
      .createQueryBuilder('d')
      .setLock('pessimistic_write')
      .where('d.id = :id AND d.account_id = :accountId', { id, accountId })
      .getOne();
  }

  /**
   * A page of the account's designs, newest first: with `q`, those whose title or template contains it (compared on
   * `search_text`, folded by `foldForSearch`: case and accents ignored); with `template`, those built from it.
   */
  page(accountId: string, page: { limit: number; cursor?: string; q?: string; template?: string }): Promise<{ data: Design[]; nextCursor: string | null }> {
    const qb = this.ds.getRepository(Design).createQueryBuilder('d').where('d.account_id = :accountId', { accountId });
    if (page.template !== undefined) qb.andWhere('d.template = :template', { template: page.template });
    if (page.q !== undefined) {
      const like = `%${foldForSearch(page.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(`d.search_text LIKE :like`, { like });
    }
    return keysetPage(qb, 'd', { cursor: page.cursor, limit: page.limit, order: 'DESC' });
  }

  /** The account's design's outline by primary key (the whole database work of a cached preview), or undefined. */
  async outline(accountId: string, id: string): Promise<DesignOutlineRow | undefined> {
    const rows: DesignOutlineRow[] = await this.ds.query('SELECT id, revision, width, height, title FROM creative.designs WHERE id = $1 AND account_id = $2', [
      id,
      accountId,
    ]);
    return rows[0];
  }

  /** Inserts a design with its first revision in one transaction; answers both as stored. */
  createWithRevision(fields: Partial<Design>, first: RevisionFields): Promise<{ design: Design; revision: DesignRevision }> {
    return this.ds.transaction(async (m) => {
      const design = m.getRepository(Design).create(fields);
      await m.getRepository(Design).insert(design as never);
      const revision = await this.insertRevision(m, design, 1, first);
      return { design: await m.getRepository(Design).findOneByOrFail({ id: design.id }), revision };
    });
  }

  /** Inside `m`: moves the design to revision `n` (with the fields a change updates); answers the row as stored. */
  async moveTo(m: EntityManager, designId: string, fields: Partial<Design>): Promise<Design> {
    await m.getRepository(Design).update({ id: designId }, fields as never);
    return m.getRepository(Design).findOneByOrFail({ id: designId });
  }

  /**
   * Deletes the account's design (inside `m` when given); its revisions and render-cache rows go with it (foreign keys
   * `ON DELETE CASCADE`), and so do the campaign pieces it was. True when there was one.
   */
  async delete(accountId: string, id: string, m: EntityManager = this.ds.manager): Promise<boolean> {
    const res = await m.getRepository(Design).delete({ accountId, id });
    return !!res.affected;
  }

  /** Records that a keyed delete (`ref`: its Idempotency-Key's claim) deleted design `id`, in the delete's transaction. */
  recordDeletion(m: EntityManager, accountId: string, id: string, ref: string): Promise<void> {
    return this.deletions.record(m, accountId, id, ref);
  }

  /** The design a keyed delete deleted under `ref`, or null when none committed. */
  deletedUnder(accountId: string, ref: string): Promise<string | null> {
    return this.deletions.deletedUnder(accountId, ref);
  }

  /** Deletes the deletions recorded more than IDEMPOTENCY_TTL_MS ago (see `DeletionRecords.sweep`); answers how many. */
  sweepDeletions(limit: number, maxBatches: number): Promise<number> {
    return this.deletions.sweep(limit, maxBatches);
  }

  // --- revisions ------------------------------------------------------------------------------------------

  /** A revision of the design, or null. */
  revision(designId: string, revision: number, m: EntityManager = this.ds.manager): Promise<DesignRevision | null> {
    return m.getRepository(DesignRevision).findOneBy({ designId, revision });
  }

  /** The revision a change made under an Idempotency-Key's claim (`ref`), or null. */
  revisionByRef(accountId: string, idempotencyRef: string): Promise<DesignRevision | null> {
    return this.ds.getRepository(DesignRevision).findOneBy({ accountId, idempotencyRef });
  }

  /** A revision's IR read without the ORM (previews and renders read only this), or undefined. */
  async revisionIr(designId: string, revision: number): Promise<Json | undefined> {
    const rows: { ir: Json }[] = await this.ds.query('SELECT ir FROM creative.design_revisions WHERE design_id = $1 AND revision = $2', [designId, revision]);
    return rows[0]?.ir;
  }

  /** Up to `limit` revisions of the design (without their IR), newest first, below `before` when given. */
  revisions(designId: string, limit: number, before?: number): Promise<DesignRevision[]> {
    const qb = this.ds
      .getRepository(DesignRevision)
      .createQueryBuilder('r')
      .select(['r.designId', 'r.revision', 'r.operation', 'r.nodeId', 'r.restoredFrom', 'r.createdAt'])
      .where('r.design_id = :id', { id: designId });
    if (before !== undefined) qb.andWhere('r.revision < :before', { before });
    return qb.orderBy('r.revision', 'DESC').limit(limit).getMany();
  }

  /** Inside `m`: inserts revision `n` of the design; answers it as stored. */
  async insertRevision(m: EntityManager, design: Pick<Design, 'id' | 'accountId'>, n: number, change: RevisionFields): Promise<DesignRevision> {
    const repo = m.getRepository(DesignRevision);
    await repo.insert({
      designId: design.id,
      revision: n,
      accountId: design.accountId,
      operation: change.operation,
      nodeId: change.nodeId ?? null,
      restoredFrom: change.restoredFrom ?? null,
      ir: change.ir as never,
      idempotencyRef: change.idempotencyRef ?? null,
    });
    return repo.findOneByOrFail({ designId: design.id, revision: n });
  }
}
