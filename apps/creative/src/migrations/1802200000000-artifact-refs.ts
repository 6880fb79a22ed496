import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A keyed `POST /v1/procedural/render` records its Idempotency-Key's claim (`ref`, see `IdempotentEffect`) on the
 * artifact it stores, as transforms do on their asset (`1801600000000-idempotency-effects-changes`): a retry after the
 * process that ran it died (its lease lapsed) answers that artifact instead of 409 `idempotency_in_progress` for 24
 * hours; the index refuses a second artifact for one claim (a stalled owner that resumes after the takeover).
 */
export class ArtifactRefs1802200000000 implements MigrationInterface {
  name = 'ArtifactRefs1802200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".artifacts ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX artifacts_idempotency_ref ON "${S}".artifacts (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".artifacts_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".artifacts DROP COLUMN idempotency_ref`);
  }
}
