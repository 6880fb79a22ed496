import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, EntityManager, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { AgentDependents } from '../agents/agent-dependents.port';
import { table } from '../common/schema';
import { Conversation, ConversationStatus } from './conversation.entity';

const C = table('conversations');

/**
 * SQL text over the conversations table for a statement another feature runs as one (messages' store and reply:
 * the conversation is locked, read and counted with the message). Written here, where the table is owned.
 */
export const conversationsSql = {
  /**
   * The conversation `id` of account `accountId` as `c`, locked FOR UPDATE (concurrent posts and status changes
   * queue up behind it), with the `columns` its `joins` bring.
   */
  lockOne: (e: { id: string; accountId: string; columns: string[]; joins: string[] }) =>
    `SELECT c.id, c.agent_id, c.channel, c.channel_id, c.external_id, c.metadata, c.status, c.message_count,
                c.last_message_at, c.created_at, c.updated_at, ${e.columns.join(', ')}
           FROM ${C} c
           ${e.joins.join('\n           ')}
          WHERE c.id = ${e.id} AND c.account_id = ${e.accountId}
            FOR UPDATE OF c`,
  /** Counts one more message on the conversation when `when` holds. */
  countMessage: (e: { id: string; accountId: string; when: string }) =>
    `UPDATE ${C} SET message_count = message_count + 1, last_message_at = now(), updated_at = now()
          WHERE id = ${e.id} AND account_id = ${e.accountId} AND ${e.when}`,
};

/** The columns `conversationsSql.lockOne` reads, as a row answers them. */
export interface ConversationColumnsRow {
  id: string;
  agent_id: string;
  channel: Conversation['channel'];
  channel_id: string | null;
  external_id: string | null;
  metadata: Record<string, unknown> | null;
  status: Conversation['status'];
  message_count: number;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The conversations table: the only place that reads or writes it. */
@Injectable()
export class ConversationsRepository implements AgentDependents {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(m: EntityManager = this.ds.manager) {
    return m.getRepository(Conversation);
  }

  /** A new entity (not saved). */
  build(fields: Partial<Conversation>): Conversation {
    return this.repo().create(fields);
  }

  /** Inserts a new conversation (a unique-index violation is thrown as PostgreSQL's `23505`). */
  insert(conversation: Conversation): Promise<Conversation> {
    return this.repo().save(conversation);
  }

  find(accountId: string, id: string): Promise<Conversation | null> {
    return this.repo().findOneBy({ id, accountId });
  }

  exists(accountId: string, id: string): Promise<boolean> {
    return this.repo().existsBy({ id, accountId });
  }

  /** The id of the open (not closed) conversation with `externalId` on the channel, or null. */
  async openId(accountId: string, channelId: string, externalId: string): Promise<string | null> {
    const open = await this.repo().findOne({ where: { accountId, channelId, externalId, status: Not('closed') }, select: { id: true } });
    return open?.id ?? null;
  }

  /** The open (not closed) conversation of this sender on this channel, or null. */
  openForSender(accountId: string, channelId: string, sender: string): Promise<Conversation | null> {
    return this.repo()
      .createQueryBuilder('c')
      .where('c.channel_id = :cid AND c.external_id = :sender AND c.account_id = :aid AND c.status <> :closed', {
        cid: channelId,
        sender,
        aid: accountId,
        closed: 'closed',
      })
      .getOne();
  }

  /** Inserts unless it conflicts (the unique index of one open conversation per sender and channel). */
  async insertOrIgnore(fields: QueryDeepPartialEntity<Conversation>): Promise<void> {
    await this.repo().createQueryBuilder().insert().values(fields).orIgnore().execute();
  }

  /** Newest first, keyset-paginated over (created_at, id). */
  async list(
    accountId: string,
    input: { agentId?: string; status?: ConversationStatus; limit: number; cursor?: string },
  ): Promise<{ data: Conversation[]; total: number; nextCursor: string | null }> {
    const filtered = () => {
      const qb = this.repo().createQueryBuilder('c').where('c.account_id = :accountId', { accountId });
      if (input.agentId) qb.andWhere('c.agent_id = :agentId', { agentId: input.agentId });
      if (input.status) qb.andWhere('c.status = :status', { status: input.status });
      return qb;
    };
    const [page, total] = await Promise.all([keysetPage(filtered(), 'c', { cursor: input.cursor, limit: input.limit, order: 'DESC' }), filtered().getCount()]);
    return { ...page, total };
  }

  /** Runs `change` on the conversation's row locked FOR UPDATE (null when there is none), in a transaction, and saves what it answers. */
  update(accountId: string, id: string, change: (conversation: Conversation | null) => Conversation): Promise<Conversation> {
    return this.ds.transaction(async (tx) => {
      const conversation = await this.repo(tx)
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.id = :id AND c.account_id = :accountId', { id, accountId })
        .getOne();
      return this.repo(tx).save(change(conversation));
    });
  }

  /**
   * Inside an agent's deletion: its conversations. Their messages, facts and webhook deliveries go with them (their
   * foreign keys are ON DELETE CASCADE).
   */
  async removeForAgent(m: EntityManager, accountId: string, agentId: string): Promise<void> {
    await this.repo(m).delete({ agentId, accountId });
  }
}
