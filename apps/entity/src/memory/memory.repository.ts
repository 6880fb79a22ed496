import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Owner, ownerIs } from '../common/end-user-owner';
import { EndUser } from './end-user.entity';

/** One end user: an entity's person, of one owner (an OAuth client, or null for the account's own). */
export interface EndUserKey {
  accountId: string;
  entityId: string;
  owner: Owner;
  endUserId: string;
}

/** What a turn remembers of its end user (the row without its id). */
export type EndUserMemory = Omit<EndUser, 'id'>;

/**
 * Memory's table: what each entity knows about each end user. Methods taking `m` run in the caller's transaction
 * (a turn's, which holds the end user's lock, or an erasure's).
 */
@Injectable()
export class MemoryRepository {
  static readonly tables = ['end_users'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.ds.manager).getRepository(EndUser);
  }

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  find(k: EndUserKey): Promise<EndUser | null> {
    return this.repo().findOneBy({ accountId: k.accountId, entityId: k.entityId, clientId: ownerIs(k.owner), endUserId: k.endUserId });
  }

  /** The memory a turn starts from, by entity, owner and end user id (the turn's entity is its account's). */
  ofPerson(m: EntityManager, person: { entityId: string; owner: Owner; endUserId: string }): Promise<EndUser | null> {
    return this.repo(m).findOneBy({ entityId: person.entityId, clientId: ownerIs(person.owner), endUserId: person.endUserId });
  }

  /** Stores what a turn learnt: a new end user, or the one of `id`. */
  async save(m: EntityManager, memory: EndUserMemory & { id?: string }): Promise<void> {
    await this.repo(m).save(memory);
  }

  /** Deletes the end user's memory in `m`'s transaction; whether there was one. */
  async delete(m: EntityManager, k: EndUserKey): Promise<boolean> {
    const res = await this.repo(m).delete({ accountId: k.accountId, entityId: k.entityId, clientId: ownerIs(k.owner), endUserId: k.endUserId });
    return Boolean(res.affected);
  }
}
