import { createPlatformTables, dropPlatformTables } from '@platform/http';
import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

export class Initial1732200000000 implements MigrationInterface {
  name = 'Initial1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, S);
    await q.query(`
      CREATE TABLE "${S}".agents (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        soul_id text NOT NULL,
        language text,
        status text NOT NULL DEFAULT 'active',
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX agents_account_created ON "${S}".agents (account_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".agents`);
    await dropPlatformTables(q, S);
  }
}
