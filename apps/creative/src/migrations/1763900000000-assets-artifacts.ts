import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/** Issue 15: assets (uploads and transforms) and artifacts (outputs), whose bytes live in the blob store. */
export class AssetsArtifacts1763900000000 implements MigrationInterface {
  name = 'AssetsArtifacts1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".assets (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('image', 'font', 'audio')),
        format text NOT NULL,
        mime text NOT NULL,
        bytes bigint NOT NULL CHECK (bytes >= 0),
        sha256 text NOT NULL,
        filename text,
        blob_key text NOT NULL,
        width int,
        height int,
        duration double precision,
        channels int,
        sample_rate int,
        family text,
        weight int,
        style text,
        source_asset_id text,
        operations jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX assets_account_page ON "${S}".assets (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE "${S}".artifacts (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        kind text NOT NULL,
        mime text NOT NULL,
        bytes bigint NOT NULL CHECK (bytes >= 0),
        sha256 text NOT NULL,
        blob_key text NOT NULL,
        filename text,
        width int,
        height int,
        duration double precision,
        design_id text,
        design_revision int,
        job_id text,
        asset_id text,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX artifacts_account_page ON "${S}".artifacts (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX artifacts_account_blob ON "${S}".artifacts (account_id, sha256)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".artifacts`);
    await q.query(`DROP TABLE "${S}".assets`);
  }
}
