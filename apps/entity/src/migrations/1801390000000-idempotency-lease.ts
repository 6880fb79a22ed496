import { addIdempotencyLease, dropIdempotencyLease } from '@platform/http';
import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/**
 * An in-progress Idempotency-Key names the process running it and until when it holds it (renewed every 10 s), so a
 * key left by a process killed with -9 lapses in 30 s instead of answering 409 for 24 hours (issue 39).
 */
export class IdempotencyLease1801390000000 implements MigrationInterface {
  name = 'IdempotencyLease1801390000000';

  async up(q: QueryRunner): Promise<void> {
    await addIdempotencyLease(q, S);
    // A turn records the claim of the Idempotency-Key it was sent with: a retry after its process died finds it
    // (instead of storing a second one), and the index refuses a second turn for one claim.
    await q.query(`ALTER TABLE "${S}".interactions ADD COLUMN idempotency_ref text`);
    await q.query(`CREATE UNIQUE INDEX interactions_idempotency_ref ON "${S}".interactions (account_id, idempotency_ref) WHERE idempotency_ref IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".interactions_idempotency_ref`);
    await q.query(`ALTER TABLE "${S}".interactions DROP COLUMN idempotency_ref`);
    await dropIdempotencyLease(q, S);
  }
}
