import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/** Pending turns in the order the recovery sweep reads them (it runs every minute on every worker). */
export class PendingTurns1763769600000 implements MigrationInterface {
  name = 'PendingTurns1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX interactions_pending ON "${S}".interactions (created_at, id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".interactions_pending`);
  }
}
