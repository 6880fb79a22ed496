import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/** Personality on entities; interactions (message turns) and what an entity knows of each end user. */
export class EntityApi1732300000000 implements MigrationInterface {
  name = 'EntityApi1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".entities ADD COLUMN personality jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`
      CREATE TABLE "${S}".interactions (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        entity_id text NOT NULL REFERENCES "${S}".entities(id) ON DELETE CASCADE,
        end_user_id text,
        end_user_name text,
        message text NOT NULL,
        response text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
        error text,
        provider text,
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        completed_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX interactions_entity_created ON "${S}".interactions (entity_id, created_at, id)`);
    await q.query(`CREATE INDEX interactions_entity_user_created ON "${S}".interactions (entity_id, end_user_id, created_at, id)`);
    await q.query(`
      CREATE TABLE "${S}".end_users (
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        entity_id text NOT NULL REFERENCES "${S}".entities(id) ON DELETE CASCADE,
        end_user_id text NOT NULL,
        name text,
        facts jsonb NOT NULL DEFAULT '[]'::jsonb,
        interactions int NOT NULL DEFAULT 0,
        summary text,
        first_seen_at timestamptz(3) NOT NULL DEFAULT now(),
        last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (entity_id, end_user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".end_users`);
    await q.query(`DROP TABLE "${S}".interactions`);
    await q.query(`ALTER TABLE "${S}".entities DROP COLUMN personality`);
  }
}
