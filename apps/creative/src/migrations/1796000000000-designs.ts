import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/** Designs and their revisions. */
export class Designs1796000000000 implements MigrationInterface {
  name = 'Designs1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".designs (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        title text,
        template text,
        brief jsonb,
        revision int NOT NULL CHECK (revision >= 1),
        width int NOT NULL,
        height int NOT NULL,
        source text NOT NULL CHECK (source IN ('brief', 'ir', 'bundle', 'duplicate')),
        source_design_id text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX designs_account_created ON "${S}".designs (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE "${S}".design_revisions (
        design_id text NOT NULL REFERENCES "${S}".designs(id) ON DELETE CASCADE,
        revision int NOT NULL CHECK (revision >= 1),
        account_id text NOT NULL,
        operation text NOT NULL CHECK (operation IN ('create', 'patch', 'node_add', 'node_patch', 'node_delete', 'restore', 'duplicate')),
        node_id text,
        restored_from int,
        ir jsonb NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (design_id, revision)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".design_revisions`);
    await q.query(`DROP TABLE "${S}".designs`);
  }
}
