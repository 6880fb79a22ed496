import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A keyed `POST /v1/generations` records its Idempotency-Key's claim (`ref`, see `IdempotentEffect`) on the generation,
 * written before its picture is stored (the asset records the same claim, the artifact names the asset): a retry after
 * the process that ran it died (its lease lapsed) answers the generation it completed, or completes it from what it
 * stored, instead of 409 `idempotency_in_progress` for 24 hours; the index refuses a second generation for one claim.
 * `details` keeps what the answer says of the picture beyond the row's columns (composition, background, palette,
 * subject, provider size), so that answer can be rebuilt; null for generations made before.
 */
export class GenerationRefs1802000000000 implements MigrationInterface {
  name = 'GenerationRefs1802000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".generations ADD COLUMN idempotency_ref text`);
    await q.query(`ALTER TABLE "${S}".generations ADD COLUMN details jsonb`);
    await q.query(`CREATE UNIQUE INDEX generations_idempotency_ref ON "${S}".generations (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".generations_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".generations DROP COLUMN details`);
    await q.query(`ALTER TABLE "${S}".generations DROP COLUMN idempotency_ref`);
  }
}
