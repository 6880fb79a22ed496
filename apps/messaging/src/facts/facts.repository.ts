import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Fact } from '@platform/conversation';
import { DataSource } from 'typeorm';
import { table } from '../common/schema';
import { ConversationFact } from './conversation-fact.entity';

/** How many facts a reply reads (the most recently stated); a conversation rarely has more than a few dozen. */
export const MAX_FACTS_PER_REPLY = 200;

const F = table('conversation_facts');

/**
 * SQL text over the conversation_facts table for the statements messages runs as one (a message and what it states
 * are stored together, atomically). Written here, where the table is owned.
 */
export const factsSql = {
  /** The rows of a jsonb array parameter of `{slot, kind, key, value, text}` (as `factRows` writes them), as `f`. */
  recordset: (param: string) => `jsonb_to_recordset(${param}::jsonb) AS f(slot text, kind text, key text, value text, text text)`,
  /**
   * Upserts one row per slot of `f` (in `from`), stated by message `source` at `createdAt`/`updatedAt`: a later
   * statement replaces the earlier, an older one (redelivered, reordered) changes nothing.
   */
  upsert: (e: { conversationId: string; accountId: string; source: string; createdAt: string; updatedAt: string; from: string }) =>
    `INSERT INTO ${F} (conversation_id, account_id, slot, kind, key, value, text, source_message_id, created_at, updated_at)
         SELECT ${e.conversationId}, ${e.accountId}, f.slot, f.kind, f.key, f.value, f.text, ${e.source}, ${e.createdAt}, ${e.updatedAt}
           FROM ${e.from}
         ON CONFLICT (conversation_id, slot) DO UPDATE
            SET kind = EXCLUDED.kind, key = EXCLUDED.key, value = EXCLUDED.value, text = EXCLUDED.text,
                source_message_id = EXCLUDED.source_message_id, updated_at = EXCLUDED.updated_at
          WHERE ${F}.updated_at <= EXCLUDED.updated_at`,
  /** When `when` holds: keeps the MAX_FACTS_PER_REPLY - 1 most recent statements of the conversation (one more is being stored). */
  pruneStatements: (e: { conversationId: string; accountId: string; when: string }) =>
    `DELETE FROM ${F} old
          WHERE old.conversation_id = ${e.conversationId} AND old.account_id = ${e.accountId} AND old.kind = 'statement' AND ${e.when}
            AND old.slot IN (SELECT slot FROM ${F}
                              WHERE conversation_id = ${e.conversationId} AND account_id = ${e.accountId} AND kind = 'statement'
                              ORDER BY updated_at DESC, slot DESC OFFSET ${MAX_FACTS_PER_REPLY - 1})`,
  /** When `when` holds: the facts a reply reads (structured ones first, then the most recent statements). */
  latest: (e: { conversationId: string; accountId: string; when: string }) =>
    `SELECT kind, key, value, text, source_message_id, updated_at, slot FROM ${F}
          WHERE conversation_id = ${e.conversationId} AND account_id = ${e.accountId} AND ${e.when}
          ORDER BY (kind = 'statement'), updated_at DESC, slot DESC
          LIMIT ${MAX_FACTS_PER_REPLY}`,
  /** The facts that only message `m.id` (in `m`, with `conversation_id`) stated and the `facts` rows no longer do. */
  forgetUnstated: (e: { accountId: string }) =>
    `DELETE FROM ${F} f USING m
          WHERE f.conversation_id = m.conversation_id AND f.account_id = ${e.accountId} AND f.source_message_id = m.id
            AND f.slot NOT IN (SELECT slot FROM facts)`,
};

/** The conversation_facts table: the only place that reads or writes it. */
@Injectable()
export class FactsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Oldest first. */
  list(accountId: string, conversationId: string): Promise<ConversationFact[]> {
    return this.ds.getRepository(ConversationFact).find({ where: { conversationId, accountId }, order: { updatedAt: 'ASC', slot: 'ASC' } });
  }

  /** The facts a reply to message `messageId` (stored at `at`) reads, as they stood when it was stored, oldest first. */
  async upTo(accountId: string, conversationId: string, at: Date, messageId: string): Promise<Fact[]> {
    const rows = (await this.ds.query(
      `SELECT kind, key, value, text, source_message_id AS "sourceMessageId", updated_at AS "updatedAt" FROM (
           SELECT * FROM ${F}
            WHERE conversation_id = $1 AND account_id = $2 AND (updated_at, source_message_id) <= ($3, $4)
            ORDER BY (kind = 'statement'), updated_at DESC, slot DESC LIMIT ${MAX_FACTS_PER_REPLY}) f
          ORDER BY updated_at, slot`,
      [conversationId, accountId, at, messageId],
    )) as Array<Fact & { updatedAt: Date }>;
    return rows.map((f) => ({ ...f, updatedAt: new Date(f.updatedAt).toISOString() }));
  }
}
