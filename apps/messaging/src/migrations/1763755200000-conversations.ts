import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

/** Conversations, messages, channels, the account's webhook and its deliveries. */
export class Conversations1763755200000 implements MigrationInterface {
  name = 'Conversations1763755200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".channels (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        agent_id text REFERENCES "${S}".agents(id) ON DELETE CASCADE,
        kind text NOT NULL,
        name text NOT NULL,
        credentials text,
        settings jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'active',
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX channels_account_created ON "${S}".channels (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX channels_agent ON "${S}".channels (agent_id)`);

    await q.query(`
      CREATE TABLE "${S}".conversations (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        agent_id text NOT NULL REFERENCES "${S}".agents(id) ON DELETE CASCADE,
        channel text NOT NULL,
        channel_id text REFERENCES "${S}".channels(id) ON DELETE SET NULL,
        external_id text,
        metadata jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'active',
        message_count integer NOT NULL DEFAULT 0,
        last_message_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX conversations_account_created ON "${S}".conversations (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX conversations_agent_created ON "${S}".conversations (account_id, agent_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX conversations_status_created ON "${S}".conversations (account_id, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX conversations_agent ON "${S}".conversations (agent_id)`);
    // One open conversation per sender and channel; a closed one lets the next message open a new one.
    await q.query(
      `CREATE UNIQUE INDEX conversations_open_sender ON "${S}".conversations (channel_id, external_id) WHERE channel_id IS NOT NULL AND status <> 'closed'`,
    );

    await q.query(`
      CREATE TABLE "${S}".messages (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        conversation_id text NOT NULL REFERENCES "${S}".conversations(id) ON DELETE CASCADE,
        role text NOT NULL,
        content text NOT NULL,
        attachments jsonb NOT NULL DEFAULT '[]',
        reply_status text,
        reply_error text,
        reply_to_id text,
        provider text,
        model text,
        channel_id text REFERENCES "${S}".channels(id) ON DELETE SET NULL,
        external_id text,
        delivery_status text,
        delivery_error text,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX messages_conversation_created ON "${S}".messages (conversation_id, created_at, id)`);
    // A platform's redelivery of the same message is stored once.
    await q.query(`CREATE UNIQUE INDEX messages_channel_external ON "${S}".messages (channel_id, external_id) WHERE external_id IS NOT NULL`);
    // At most one agent reply per message, however many times the reply job runs.
    await q.query(`CREATE UNIQUE INDEX messages_reply_to ON "${S}".messages (reply_to_id) WHERE reply_to_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE "${S}".webhook_endpoints (
        account_id text PRIMARY KEY REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        url text NOT NULL,
        secret text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE "${S}".webhook_deliveries (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        event text NOT NULL,
        url text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        attempt_log jsonb NOT NULL DEFAULT '[]',
        last_status_code integer,
        last_error text,
        agent_id text REFERENCES "${S}".agents(id) ON DELETE CASCADE,
        conversation_id text REFERENCES "${S}".conversations(id) ON DELETE CASCADE,
        message_id text REFERENCES "${S}".messages(id) ON DELETE CASCADE,
        delivered_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_account_created ON "${S}".webhook_deliveries (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_conversation ON "${S}".webhook_deliveries (conversation_id)`);
    await q.query(`CREATE INDEX webhook_deliveries_agent ON "${S}".webhook_deliveries (agent_id)`);
    await q.query(`CREATE INDEX webhook_deliveries_message ON "${S}".webhook_deliveries (message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".webhook_deliveries`);
    await q.query(`DROP TABLE "${S}".webhook_endpoints`);
    await q.query(`DROP TABLE "${S}".messages`);
    await q.query(`DROP TABLE "${S}".conversations`);
    await q.query(`DROP TABLE "${S}".channels`);
  }
}
