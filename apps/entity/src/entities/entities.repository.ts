import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, EntityManager, In } from 'typeorm';
import { EntityRecord } from './entity-record.entity';

/** The entities feature's table (`entity.entities`): the only code that reads or writes it. */
@Injectable()
export class EntitiesRepository {
  static readonly tables = ['entities'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private records(m?: EntityManager) {
    return (m ?? this.ds.manager).getRepository(EntityRecord);
  }

  /** A new row (not yet stored). */
  build(fields: Partial<EntityRecord>): EntityRecord {
    return this.records().create(fields);
  }

  save(entity: EntityRecord): Promise<EntityRecord> {
    return this.records().save(entity);
  }

  /** The account's entity, or null. */
  ofAccount(accountId: string, id: string): Promise<EntityRecord | null> {
    return this.records().findOneBy({ id, accountId });
  }

  /** By id alone, in `m`'s transaction when given; null when gone. */
  byId(id: string, m?: EntityManager): Promise<EntityRecord | null> {
    return this.records(m).findOneBy({ id });
  }

  /** Ids and names of the account's entities among `ids`. */
  names(accountId: string, ids: readonly string[]): Promise<Array<Pick<EntityRecord, 'id' | 'name'>>> {
    return this.records().find({ select: { id: true, name: true }, where: { accountId, id: In([...new Set(ids)]) } });
  }

  /** Newest first, paged by an opaque cursor. */
  page(accountId: string, opts: { externalUserId?: string; limit: number; cursor?: string }) {
    const qb = this.records().createQueryBuilder('e').where('e.account_id = :accountId', { accountId });
    if (opts.externalUserId !== undefined) qb.andWhere('e.external_user_id = :x', { x: opts.externalUserId });
    return keysetPage(qb, 'e', { cursor: opts.cursor, limit: opts.limit, order: 'DESC' });
  }

  /** Deletes the account's entity (its interactions and memory go by cascade); false when there was none. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const res = await this.records().delete({ id, accountId });
    return !!res.affected;
  }
}
