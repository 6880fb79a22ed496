import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

/**
 * Partial indexes over the work still pending (replies, platform sends, webhook deliveries), in
 * the order the recovery sweep reads it: the sweep runs every minute on every worker, and without
 * them it would scan the whole messages table each time. They stay small: work leaves them when done.
 */
export class PendingWork1763769600000 implements MigrationInterface {
  name = 'PendingWork1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX messages_reply_pending ON "${S}".messages (created_at, id) WHERE reply_status = 'pending'`);
    await q.query(`CREATE INDEX messages_delivery_pending ON "${S}".messages (created_at, id) WHERE delivery_status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_pending ON "${S}".webhook_deliveries (created_at, id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".webhook_deliveries_pending`);
    await q.query(`DROP INDEX "${S}".messages_delivery_pending`);
    await q.query(`DROP INDEX "${S}".messages_reply_pending`);
  }
}
