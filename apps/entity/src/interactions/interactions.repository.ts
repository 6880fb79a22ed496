import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage, newId } from '@platform/database';
import { DataSource, EntityManager, IsNull, LessThan } from 'typeorm';
import { Owner, ownerIs, OwnerScope } from '../common/end-user-owner';
import { Interaction } from './interaction.entity';

/** One end user of one entity: the person whose turns run in order and share a history. */
export interface TurnPerson {
  entityId: string;
  clientId: Owner;
  endUserId: string;
}

/**
 * Interactions' table: the turns (a message, its reply and its state). Methods taking `m` run in the caller's
 * transaction (the turn processor's, which holds the person's lock). Turns left pending are found again by the
 * recovery sweep (TurnRecoveryService), which is configured with this table.
 */
@Injectable()
export class InteractionsRepository {
  static readonly tables = ['interactions'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.ds.manager).getRepository(Interaction);
  }

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  /** Stores a new pending turn. */
  insertPending(t: {
    accountId: string;
    entityId: string;
    owner: Owner;
    endUserId: string | null;
    endUserName: string | null;
    message: string;
    idempotencyRef: string | null;
  }): Promise<Interaction> {
    const repo = this.repo();
    return repo.save(
      repo.create({
        id: newId('int'),
        accountId: t.accountId,
        entityId: t.entityId,
        clientId: t.owner,
        endUserId: t.endUserId,
        endUserName: t.endUserName,
        message: t.message,
        response: null,
        status: 'pending',
        error: null,
        provider: null,
        attempts: 0,
        completedAt: null,
        idempotencyRef: t.idempotencyRef,
      }),
    );
  }

  /** The turn sent under an Idempotency-Key's claim (`IdempotencyClaim.ref`), if one was stored. */
  byIdempotencyRef(accountId: string, ref: string): Promise<Interaction | null> {
    return this.repo().findOneBy({ accountId, idempotencyRef: ref });
  }

  byId(id: string): Promise<Interaction | null> {
    return this.repo().findOneBy({ id });
  }

  /** One turn of the entity, of one owner's end users or of every owner's. */
  one(accountId: string, entityId: string, owners: OwnerScope, id: string): Promise<Interaction | null> {
    return this.repo().findOneBy({ id, accountId, entityId, ...(owners === 'all' ? {} : { clientId: ownerIs(owners.owner) }) });
  }

  /** The entity's turns, oldest first, paged by an opaque cursor. */
  page(accountId: string, entityId: string, owners: OwnerScope, q: { endUserId?: string; since?: string; cursor?: string; limit: number }) {
    const qb = this.repo().createQueryBuilder('i').where('i.account_id = :accountId AND i.entity_id = :entityId', { accountId, entityId });
    if (owners !== 'all') {
      if (owners.owner === null) qb.andWhere('i.client_id IS NULL');
      else qb.andWhere('i.client_id = :clientId', { clientId: owners.owner });
    }
    if (q.endUserId !== undefined) qb.andWhere('i.end_user_id = :u', { u: q.endUserId });
    if (q.since) qb.andWhere('i.created_at > :since', { since: new Date(q.since) });
    return keysetPage(qb, 'i', { cursor: q.cursor, limit: q.limit, order: 'ASC' });
  }

  /** Waits, until `m`'s transaction ends, for the lock that serializes the turns keyed `key` across processes. */
  async lockTurns(m: EntityManager, key: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
  }

  /** The person's pending turns, oldest first. */
  pendingOf(m: EntityManager, person: TurnPerson): Promise<Interaction[]> {
    return this.repo(m).find({
      where: { entityId: person.entityId, clientId: ownerIs(person.clientId), endUserId: person.endUserId, status: 'pending' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** A turn without an end user, when still pending (as a list of one or none). */
  pendingAlone(m: EntityManager, id: string): Promise<Interaction[]> {
    return this.repo(m).find({ where: { id, status: 'pending', endUserId: IsNull() } });
  }

  async countAttempt(m: EntityManager, id: string): Promise<void> {
    await this.repo(m).increment({ id }, 'attempts', 1);
  }

  /** The person's latest `take` completed turns before `before`, newest first. */
  completedBefore(m: EntityManager, person: TurnPerson, before: Date, take: number): Promise<Interaction[]> {
    return this.repo(m).find({
      where: { entityId: person.entityId, clientId: ownerIs(person.clientId), endUserId: person.endUserId, status: 'completed', createdAt: LessThan(before) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  async complete(m: EntityManager, id: string, reply: { response: string; provider: string | null; completedAt: Date }): Promise<void> {
    await this.repo(m).update({ id }, { response: reply.response, status: 'completed', provider: reply.provider, completedAt: reply.completedAt, error: null });
  }

  /** Marks the turn failed, when it is still pending. */
  async failPending(id: string, error: string): Promise<void> {
    await this.repo().update({ id, status: 'pending' }, { status: 'failed', error, completedAt: new Date() });
  }

  /** Deletes the turns with one end user of one owner, in `m`'s transaction; how many. */
  async deleteOfEndUser(m: EntityManager, e: { accountId: string; entityId: string; owner: Owner; endUserId: string }): Promise<number> {
    const res = await this.repo(m).delete({ accountId: e.accountId, entityId: e.entityId, clientId: ownerIs(e.owner), endUserId: e.endUserId });
    return res.affected ?? 0;
  }
}
