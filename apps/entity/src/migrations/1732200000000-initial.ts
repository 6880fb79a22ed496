import { createPlatformTables, dropPlatformTables } from '@platform/http';
import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

export class Initial1732200000000 implements MigrationInterface {
  name = 'Initial1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, S);
    await q.query(`
      CREATE TABLE "${S}".entities (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        purpose text NOT NULL,
        external_user_id text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'archived')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX entities_account_created ON "${S}".entities (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX entities_account_external_user ON "${S}".entities (account_id, external_user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".entities`);
    await dropPlatformTables(q, S);
  }
}
