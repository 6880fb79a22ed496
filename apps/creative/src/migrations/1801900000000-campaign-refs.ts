import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A keyed `POST /v1/campaigns` records its Idempotency-Key's claim (`ref`, see `IdempotentEffect`) on the campaign it
 * stores, as `1801600000000-idempotency-effects-changes` did for assets and revisions: a retry after the process that
 * ran it died (its lease lapsed) answers that campaign instead of 409 `idempotency_in_progress` for 24 hours; the
 * index refuses a second campaign for one claim (a stalled owner that resumes after the takeover). The pieces' designs
 * carry claims of their own, derived from it (`campaign-piece:<position>:<ref>`), in the designs' existing column.
 */
export class CampaignRefs1801900000000 implements MigrationInterface {
  name = 'CampaignRefs1801900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".campaigns ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX campaigns_idempotency_ref ON "${S}".campaigns (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".campaigns_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".campaigns DROP COLUMN idempotency_ref`);
  }
}
