import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A keyed `DELETE /v1/designs/{id}` records its Idempotency-Key's claim (`ref`, see `IdempotentEffect`) in the
 * transaction that deletes the design: the design row is gone, so this row is the effect a retry after the deleting
 * process died finds (the lookup gets no path, only the account and the claim). One per claim (a stalled owner that
 * resumes finds the design already gone). Only keyed deletes write one.
 */
export class DesignDeletions1801700000000 implements MigrationInterface {
  name = 'DesignDeletions1801700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "${S}".design_deletions (
        account_id text NOT NULL,
        idempotency_ref text NOT NULL,
        design_id text NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, idempotency_ref)
      )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".design_deletions`);
  }
}
