import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * Transforms and design changes record the claim of their Idempotency-Key (`ref`, see `IdempotentEffect`) as the
 * creations of `1801400000000-idempotency-effects` do: a transform on the asset it makes, a design change (PATCH, node
 * add/patch/delete, restore) on the revision it makes. A retry after the process that ran the request died (its lease
 * lapsed) answers what that process committed instead of 409 `idempotency_in_progress` for 24 hours; the indexes refuse
 * a second asset or revision for one claim (a stalled owner that resumes after the takeover).
 */
export class IdempotencyEffectsChanges1801600000000 implements MigrationInterface {
  name = 'IdempotencyEffectsChanges1801600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".assets ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX assets_idempotency_ref ON "${S}".assets (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
    await q.query(`ALTER TABLE "${S}".design_revisions ADD COLUMN idempotency_ref text`);
    await q.query(
      `CREATE UNIQUE INDEX design_revisions_idempotency_ref ON "${S}".design_revisions (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".design_revisions_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".design_revisions DROP COLUMN idempotency_ref`);
    await q.query(`DROP INDEX "${S}".assets_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".assets DROP COLUMN idempotency_ref`);
  }
}
