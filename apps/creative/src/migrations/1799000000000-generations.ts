import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/** Generated images: the prompt, the provider and model that made them, and their asset and artifact (issue 19). */
export class Generations1799000000000 implements MigrationInterface {
  name = 'Generations1799000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".generations (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        prompt text NOT NULL,
        style text NOT NULL DEFAULT '',
        width int NOT NULL,
        height int NOT NULL,
        seed bigint,
        provider text NOT NULL,
        model text NOT NULL,
        asset_id text,
        artifact_id text,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX generations_account_idx ON "${S}".generations (account_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".generations`);
  }
}
