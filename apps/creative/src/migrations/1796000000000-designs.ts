import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/** Designs and their revisions, the render cache, campaigns and their pieces (issue 16). */
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
    // A render of a revision with some options is stored once, as an artifact (issue 15's table stays generic).
    await q.query(`
      CREATE TABLE "${S}".render_cache (
        design_id text NOT NULL REFERENCES "${S}".designs(id) ON DELETE CASCADE,
        revision int NOT NULL,
        format text NOT NULL,
        width int NOT NULL,
        height int NOT NULL,
        quality int NOT NULL DEFAULT 0,
        account_id text NOT NULL,
        artifact_id text NOT NULL REFERENCES "${S}".artifacts(id) ON DELETE CASCADE,
        warnings jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (design_id, revision, format, width, height, quality)
      )`);
    await q.query(`CREATE INDEX render_cache_artifact ON "${S}".render_cache (artifact_id)`);
    await q.query(`
      CREATE TABLE "${S}".campaigns (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        brief jsonb NOT NULL,
        template text,
        seed int NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX campaigns_account_created ON "${S}".campaigns (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE "${S}".campaign_pieces (
        campaign_id text NOT NULL REFERENCES "${S}".campaigns(id) ON DELETE CASCADE,
        position int NOT NULL,
        format text,
        width int NOT NULL,
        height int NOT NULL,
        template text NOT NULL,
        design_id text NOT NULL REFERENCES "${S}".designs(id) ON DELETE CASCADE,
        revision int NOT NULL,
        artifact_id text REFERENCES "${S}".artifacts(id) ON DELETE SET NULL,
        PRIMARY KEY (campaign_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".campaign_pieces`);
    await q.query(`DROP TABLE "${S}".campaigns`);
    await q.query(`DROP TABLE "${S}".render_cache`);
    await q.query(`DROP TABLE "${S}".design_revisions`);
    await q.query(`DROP TABLE "${S}".designs`);
  }
}
