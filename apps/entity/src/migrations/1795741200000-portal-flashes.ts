import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/**
 * A secret made by a developer-portal form (API key, client secret) is shown once, on the page the
 * form redirects to: it waits here, encrypted with a key only the browser's cookie holds, until that
 * page takes it (or it expires).
 */
export class PortalFlashes1795741200000 implements MigrationInterface {
  name = 'PortalFlashes1795741200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".portal_flashes (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES "${S}".users(id) ON DELETE CASCADE,
        sealed bytea NOT NULL,
        expires_at timestamptz(3) NOT NULL
      )`);
    await q.query(`CREATE INDEX portal_flashes_expires ON "${S}".portal_flashes (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".portal_flashes`);
  }
}
