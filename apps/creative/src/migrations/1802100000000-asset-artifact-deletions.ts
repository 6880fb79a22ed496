import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A keyed `DELETE /v1/assets/{id}` or `DELETE /v1/artifacts/{id}` records its Idempotency-Key's claim (`ref`, see
 * `IdempotentEffect`) in the transaction that deletes the row, as `design_deletions` does for designs
 * (`1801700000000-design-deletions`, `1801800000000-design-deletions-swept`): the row is gone, so this record is the
 * effect a retry after the deleting process died finds. One per claim; only keyed deletes write one; swept with the
 * expired keys, found by `deleted_at`.
 */
export class AssetArtifactDeletions1802100000000 implements MigrationInterface {
  name = 'AssetArtifactDeletions1802100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, column] of [
      ['asset_deletions', 'asset_id'],
      ['artifact_deletions', 'artifact_id'],
    ]) {
      await q.query(
        `CREATE TABLE "${S}".${table} (
          account_id text NOT NULL,
          idempotency_ref text NOT NULL,
          ${column} text NOT NULL,
          deleted_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (account_id, idempotency_ref)
        )`,
      );
      await q.query(`CREATE INDEX ${table}_deleted_at ON "${S}".${table} (deleted_at)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".artifact_deletions`);
    await q.query(`DROP TABLE "${S}".asset_deletions`);
  }
}
