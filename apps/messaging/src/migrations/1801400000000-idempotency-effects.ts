import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

/**
 * A message posted through the API records the claim of its Idempotency-Key (`ref`, see `IdempotentEffect`): a retry
 * after the process that ran the request died (its lease lapsed) answers the stored message instead of 409 for 24
 * hours or storing it twice; the index refuses a second message for one claim.
 */
export class IdempotencyEffects1801400000000 implements MigrationInterface {
  name = 'IdempotencyEffects1801400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".messages ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX messages_idempotency_ref ON "${S}".messages (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".messages_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".messages DROP COLUMN idempotency_ref`);
  }
}
