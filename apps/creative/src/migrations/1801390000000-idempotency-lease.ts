import { addIdempotencyLease, dropIdempotencyLease } from '@platform/http';
import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * An in-progress Idempotency-Key names the process running it and until when it holds it (renewed every 10 s), so a
 * key left by a process killed with -9 lapses in 30 s instead of answering 409 for 24 hours (issue 39).
 */
export class IdempotencyLease1801390000000 implements MigrationInterface {
  name = 'IdempotencyLease1801390000000';

  async up(q: QueryRunner): Promise<void> {
    await addIdempotencyLease(q, S);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIdempotencyLease(q, S);
  }
}
