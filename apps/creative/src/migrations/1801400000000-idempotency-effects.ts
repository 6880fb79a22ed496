import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * The keyed creations record the claim of their Idempotency-Key (`ref`, see `IdempotentEffect`): a design, a job
 * (animate, video) and a render's reservation. A retry after the process that ran the request died (its lease lapsed)
 * finds what was committed by it instead of answering 409 for 24 hours or storing it twice; the indexes refuse a second
 * effect for one claim (a released reservation gives its claim back: the render runs again, charged once).
 */
export class IdempotencyEffects1801400000000 implements MigrationInterface {
  name = 'IdempotencyEffects1801400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".designs ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX designs_idempotency_ref ON "${S}".designs (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
    await q.query(`ALTER TABLE "${S}".jobs ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX jobs_idempotency_ref ON "${S}".jobs (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
    await q.query(`ALTER TABLE "${S}".billing_reservations ADD COLUMN idempotency_ref text`);
    await q.query(
      `CREATE UNIQUE INDEX billing_reservations_idempotency_ref ON "${S}".billing_reservations (account_id, idempotency_ref)
        WHERE idempotency_ref IS NOT NULL AND state <> 'released'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".billing_reservations_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".billing_reservations DROP COLUMN idempotency_ref`);
    await q.query(`DROP INDEX "${S}".jobs_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".jobs DROP COLUMN idempotency_ref`);
    await q.query(`DROP INDEX "${S}".designs_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".designs DROP COLUMN idempotency_ref`);
  }
}
