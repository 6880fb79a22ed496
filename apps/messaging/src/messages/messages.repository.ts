import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatTurn, Fact } from '@platform/conversation';
import { keysetPage, preparedQuery } from '@platform/database';
import { DataSource } from 'typeorm';
import { agentsSql, type AgentColumnsRow } from '../agents/agents.repository';
import { table } from '../common/schema';
import { conversationsSql, type ConversationColumnsRow } from '../conversations/conversations.repository';
import { factsSql } from '../facts/facts.repository';
import { webhooksSql } from '../webhooks/webhooks.repository';
import { Message, ReplyStatus } from './message.entity';

const M = table('messages');

/**
 * See MessagesService.store. Built once: the statement is prepared by name (its text). Each table's part is written
 * by the repository that owns it (conversationsSql, agentsSql, webhooksSql, factsSql); this one statement keeps the
 * store atomic and one round trip.
 */
const STORE_SQL = `WITH c AS (
         ${conversationsSql.lockOne({
           id: '$3',
           accountId: '$2',
           columns: [agentsSql.columns('a'), webhooksSql.endpointColumns('w')],
           joins: [agentsSql.joinOf('c', 'a'), webhooksSql.endpointJoinOf('c', 'w')],
         })}
       ), ins AS (
         INSERT INTO ${M} (id, account_id, conversation_id, role, content, attachments, reply_status, channel_id, external_id, delivery_status, batch_id, idempotency_ref)
         SELECT $1, $2, $3, $4, $5, $6::jsonb,
                CASE WHEN $4 = 'user' THEN CASE WHEN c.status = 'active' THEN 'pending' ELSE 'skipped' END END,
                $7, $8,
                -- An operator's message in a platform conversation goes out through the platform.
                CASE WHEN $4 = 'assistant' AND c.channel_id IS NOT NULL THEN 'pending' END,
                $13, $14
           FROM c WHERE c.status <> 'closed'
         ON CONFLICT DO NOTHING
         RETURNING created_at, reply_status, delivery_status
       ), counted AS (
         ${conversationsSql.countMessage({ id: '$3', accountId: '$2', when: 'EXISTS (SELECT 1 FROM ins)' })}
       ), hook AS (
         -- message.received is about incoming messages: a user's, not an operator's (assistant) or a system note.
         -- A paused webhook (enabled = false) holds the event until it is enabled again.
         ${webhooksSql.insertReceived({ id: '$9', accountId: '$2', messageId: '$1', content: '$5', role: '$4', from: 'c, ins', where: "c.webhook_url IS NOT NULL AND $4 = 'user'" })}
       ), remembered AS (
         -- What the message tells about the person, one row per slot: a later statement replaces the earlier.
         ${factsSql.upsert({ conversationId: '$3', accountId: '$2', source: '$1', createdAt: 'ins.created_at', updatedAt: 'ins.created_at', from: `ins, ${factsSql.recordset('$11')}` })}
       ), pruned AS (
         -- Statements are kept per sentence: at most MAX_FACTS_PER_REPLY of them per conversation, the most recent.
         ${factsSql.pruneStatements({ conversationId: '$3', accountId: '$2', when: 'EXISTS (SELECT 1 FROM ins)' })}
       ), recent AS (
         SELECT role, content, created_at, id FROM ${M}
          WHERE conversation_id = $3 AND account_id = $2
          ORDER BY created_at DESC, id DESC
          LIMIT $10
       ), memory AS (
         ${factsSql.latest({ conversationId: '$3', accountId: '$2', when: '$12::boolean' })}
       )
       SELECT c.*, ins.created_at AS message_created_at, ins.reply_status, ins.delivery_status, (SELECT id FROM hook WHERE status = 'pending') AS delivery_id,
              (SELECT COALESCE(json_agg(json_build_object('role', role, 'content', content) ORDER BY created_at, id), '[]'::json) FROM recent) AS history,
              (SELECT COALESCE(json_agg(json_build_object('kind', kind, 'key', key, 'value', value, 'text', text, 'sourceMessageId', source_message_id,
                        'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY updated_at, slot), '[]'::json) FROM memory) AS memory,
              (SELECT content FROM ${M} WHERE conversation_id = $3 AND account_id = $2 AND role = 'assistant' AND $12::boolean
                ORDER BY created_at DESC, id DESC LIMIT 1) AS previous
         FROM c LEFT JOIN ins ON true`;

/** See MessagesService.storeReply. */
const REPLY_SQL = `WITH ins AS (
         INSERT INTO ${M} (id, account_id, conversation_id, role, content, attachments, reply_to_id, provider, model, channel_id, delivery_status)
         VALUES ($1, $2, $3, 'assistant', $4, '[]', $5, $6, $7, $8, $9)
         ON CONFLICT DO NOTHING
         RETURNING id, created_at
       ), answered AS (
         -- The message, and the earlier messages of its batch (delivered together), which the reply answers too.
         UPDATE ${M} SET reply_status = 'completed', reply_error = NULL
         WHERE account_id = $2 AND EXISTS (SELECT 1 FROM ins)
           AND (id = $5 OR ($12::text IS NOT NULL AND batch_id = $12 AND conversation_id = $3 AND role = 'user' AND reply_status = 'pending'))
       ), counted AS (
         ${conversationsSql.countMessage({ id: '$3', accountId: '$2', when: 'EXISTS (SELECT 1 FROM ins)' })}
       ), remembered AS (
         -- A bare answer to the agent's question ("It's 31337" after "What's the order number?"), dated by the message it answers.
         ${factsSql.upsert({ conversationId: '$3', accountId: '$2', source: '$5', createdAt: '$11::timestamptz', updatedAt: '$11::timestamptz', from: `ins, ${factsSql.recordset('$10')}` })}
       )
       SELECT id, created_at FROM ins`;

/** See MessagesService.edit. */
const EDIT_SQL = `WITH m AS (
         UPDATE ${M} SET content = $4, edited_at = $5
          WHERE account_id = $1 AND channel_id = $2 AND external_id = $3 AND role = 'user' AND (edited_at IS NULL OR edited_at < $5)
         RETURNING id, conversation_id
       ), facts AS (
         SELECT * FROM ${factsSql.recordset('$6')}
       ), forgotten AS (
         -- What only the original text stated (no later message restated it) is no longer known.
         ${factsSql.forgetUnstated({ accountId: '$1' })}
       ), remembered AS (
         ${factsSql.upsert({ conversationId: 'm.conversation_id', accountId: '$1', source: 'm.id', createdAt: 'now()', updatedAt: 'now()', from: 'm, facts f' })}
       )
       SELECT id FROM m`;

/** What the store statement answers: the conversation and its agent (locked and read with the message), and what a reply reads. */
export interface StoredRow extends ConversationColumnsRow, AgentColumnsRow {
  webhook: boolean;
  webhook_url: string | null;
  message_created_at: Date | null;
  reply_status: ReplyStatus | null;
  delivery_status: 'pending' | null;
  delivery_id: string | null;
  history: ChatTurn[];
  memory: Fact[];
  previous: string | null;
}

/** The messages the recovery sweep queues again (see RecoveryService): the table and its "still pending" predicates. */
export const messageSweeps = {
  table: M,
  /** The earlier messages of a batch are answered by the reply to its last (see MessagesService.retryReply). */
  pendingReply: `reply_status = 'pending' AND NOT (batch_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM ${M} later WHERE later.batch_id = ${M}.batch_id AND later.conversation_id = ${M}.conversation_id
     AND (later.created_at, later.id) > (${M}.created_at, ${M}.id)))`,
  pendingSend: `delivery_status = 'pending'`,
};

/** The messages table: the only place that reads or writes it. */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Message);
  }

  /** A new entity (not saved). */
  build(fields: Partial<Message>): Message {
    return this.repo.create(fields);
  }

  /** Runs the store statement (see MessagesService.store); no row when the account has no such conversation. */
  async store(values: unknown[]): Promise<StoredRow | undefined> {
    const [row] = await preparedQuery<StoredRow>(this.ds, STORE_SQL, values);
    return row;
  }

  /** Runs the reply statement (see MessagesService.storeReply): the reply's id and time, none when the message had one. */
  storeReply(values: unknown[]): Promise<{ id: string; created_at: Date }[]> {
    return preparedQuery<{ id: string; created_at: Date }>(this.ds, REPLY_SQL, values);
  }

  /** Runs the edit statement (see MessagesService.edit): the edited message's id, none when nothing changed. */
  edit(values: unknown[]): Promise<{ id: string }[]> {
    return preparedQuery<{ id: string }>(this.ds, EDIT_SQL, values);
  }

  find(accountId: string, id: string): Promise<Message | null> {
    return this.repo.findOneBy({ id, accountId });
  }

  /** The message posted under an Idempotency-Key's claim (`ref`), or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Message | null> {
    return this.repo.findOneBy({ accountId, idempotencyRef });
  }

  /** The stored message of a channel with the platform's id (throws when there is none). */
  findExternal(accountId: string, channelId: string, externalId: string): Promise<Message> {
    return this.repo.findOneByOrFail({ channelId, externalId, accountId });
  }

  existsExternal(accountId: string, channelId: string, externalId: string): Promise<boolean> {
    return this.repo.existsBy({ accountId, channelId, externalId });
  }

  /** The reply stored to message `id`. */
  replyTo(accountId: string, id: string): Promise<Message> {
    return this.repo.findOneByOrFail({ replyToId: id, accountId });
  }

  /** Sets where the reply stands, on the message and (with `batch`) the earlier pending user messages of its batch. */
  async setReplyState(message: Message, state: ReplyStatus, error: string | null, batch: boolean): Promise<void> {
    await this.repo.update({ id: message.id, accountId: message.accountId }, { replyStatus: state, replyError: error });
    if (batch && message.batchId) {
      await this.repo.update(
        { accountId: message.accountId, conversationId: message.conversationId, batchId: message.batchId, role: 'user', replyStatus: 'pending' },
        { replyStatus: state, replyError: error },
      );
    }
  }

  /** The user messages of the batch, oldest first. */
  batch(message: Message): Promise<Message[]> {
    return this.repo.find({
      where: { accountId: message.accountId, conversationId: message.conversationId, batchId: message.batchId!, role: 'user' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Where a pending outgoing message's delivery stands. */
  async setDelivery(accountId: string, id: string, state: 'sent' | 'failed' | 'pending', error: string | null): Promise<void> {
    await this.repo.update({ id, accountId, deliveryStatus: 'pending' }, { deliveryStatus: state, deliveryError: error });
  }

  /**
   * What a queued reply reads again: the `turns` messages before `before` (created_at, id), oldest first, and the
   * agent's last message before it.
   */
  async before(
    accountId: string,
    conversationId: string,
    before: { createdAt: Date; id: string },
    turns: number,
  ): Promise<{ history: ChatTurn[]; previous: string | null }> {
    const at = [conversationId, accountId, before.createdAt, before.id];
    const [rows, previous] = await Promise.all([
      turns === 0
        ? Promise.resolve([] as ChatTurn[])
        : (this.ds.query(
            `SELECT role, content FROM ${M}
              WHERE conversation_id = $1 AND account_id = $2 AND (created_at, id) < ($3, $4)
              ORDER BY created_at DESC, id DESC
              LIMIT $5`,
            [...at, turns],
          ) as Promise<ChatTurn[]>),
      this.ds.query(
        `SELECT content FROM ${M}
          WHERE conversation_id = $1 AND account_id = $2 AND role = 'assistant' AND (created_at, id) < ($3, $4)
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        at,
      ) as Promise<Array<{ content: string }>>,
    ]);
    return { history: rows.reverse().map((m) => ({ role: m.role, content: m.content })), previous: previous[0]?.content ?? null };
  }

  /** The conversation's history, oldest first, keyset-paginated over (created_at, id). */
  async list(
    accountId: string,
    conversationId: string,
    input: { limit: number; cursor?: string },
  ): Promise<{ data: Message[]; total: number; nextCursor: string | null }> {
    const qb = this.repo.createQueryBuilder('m').where('m.conversation_id = :cid AND m.account_id = :aid', { cid: conversationId, aid: accountId });
    const [page, total] = await Promise.all([
      keysetPage(qb, 'm', { cursor: input.cursor, limit: input.limit, order: 'ASC' }),
      this.repo.countBy({ conversationId, accountId }),
    ]);
    return { ...page, total };
  }
}
