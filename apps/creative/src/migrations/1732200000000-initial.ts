import { createPlatformTables, dropPlatformTables } from '@platform/http';
import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

export class Initial1732200000000 implements MigrationInterface {
  name = 'Initial1732200000000';

  async up(q: QueryRunner): Promise<void> {
    await createPlatformTables(q, S);
    await q.query(`
      CREATE TABLE "${S}".brand_kits (
        account_id text PRIMARY KEY REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        name text,
        colors jsonb,
        fonts jsonb,
        logo_asset_id text,
        logo_position text,
        logo_size int,
        logo_margin int,
        tone text,
        palette text,
        metadata jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".brand_kits`);
    await dropPlatformTables(q, S);
  }
}
