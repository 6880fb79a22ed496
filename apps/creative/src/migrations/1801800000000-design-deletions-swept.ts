import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * `design_deletions` rows older than the Idempotency-Key TTL (24 h) are deleted by the key sweep
 * (`IdempotencyService.onSweep`, every ~10 minutes): found by `deleted_at` without reading the whole table.
 * (`idempotency_keys.created_at` has had its index since the first migration.)
 */
export class DesignDeletionsSwept1801800000000 implements MigrationInterface {
  name = 'DesignDeletionsSwept1801800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX design_deletions_deleted_at ON "${S}".design_deletions (deleted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "${S}".design_deletions_deleted_at`);
  }
}
