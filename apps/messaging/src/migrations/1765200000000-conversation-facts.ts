import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

/**
 * Memory beyond the history window: the facts the built-in extractor takes from a conversation's
 * messages (names, numbers and codes, contacts, dates, tastes…), one row per slot (a later fact of the
 * same slot replaces the earlier), written in the statement that stores the message. And the agent's
 * reply language: `auto` (the language the user writes in) or a fixed BCP 47 tag.
 */
export class ConversationFacts1765200000000 implements MigrationInterface {
  name = 'ConversationFacts1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".agents ADD COLUMN reply_language text NOT NULL DEFAULT 'auto'`);
    await q.query(`
      CREATE TABLE "${S}".conversation_facts (
        conversation_id text NOT NULL REFERENCES "${S}".conversations(id) ON DELETE CASCADE,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        slot text NOT NULL,
        kind text NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        text text NOT NULL,
        source_message_id text NOT NULL REFERENCES "${S}".messages(id) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, slot)
      )`);
    // The foreign key to messages is checked on every message delete (agent removal): index it.
    await q.query(`CREATE INDEX conversation_facts_source ON "${S}".conversation_facts (source_message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".conversation_facts`);
    await q.query(`ALTER TABLE "${S}".agents DROP COLUMN reply_language`);
  }
}
