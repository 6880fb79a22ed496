import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'messaging';

/**
 * Agents can be changed in place (PATCH): their own `metadata` and `updated_at`. Messages a platform
 * delivered together to one conversation share a `batch_id` and get one reply; a platform's edit of
 * a message is dated by `edited_at`. Webhook deliveries recorded while the webhook is paused are
 * `held` (no new column: a status) and sent when it is enabled again.
 */
export class ChannelBatches1766300000000 implements MigrationInterface {
  name = 'ChannelBatches1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".agents ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "${S}".agents ADD COLUMN updated_at timestamptz(3) NOT NULL DEFAULT now()`);
    await q.query(`UPDATE "${S}".agents SET updated_at = created_at`);
    await q.query(`ALTER TABLE "${S}".messages ADD COLUMN batch_id text`);
    await q.query(`ALTER TABLE "${S}".messages ADD COLUMN edited_at timestamptz(3)`);
    // A reply job looks for the later messages of its batch; the recovery sweep skips the earlier ones.
    await q.query(`CREATE INDEX messages_batch ON "${S}".messages (batch_id, created_at, id) WHERE batch_id IS NOT NULL`);
    // Re-enabling a paused webhook releases the account's held deliveries, oldest first.
    await q.query(`CREATE INDEX webhook_deliveries_held ON "${S}".webhook_deliveries (account_id, created_at, id) WHERE status = 'held'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".webhook_deliveries_held`);
    await q.query(`DROP INDEX "${S}".messages_batch`);
    await q.query(`ALTER TABLE "${S}".messages DROP COLUMN edited_at`);
    await q.query(`ALTER TABLE "${S}".messages DROP COLUMN batch_id`);
    await q.query(`ALTER TABLE "${S}".agents DROP COLUMN updated_at`);
    await q.query(`ALTER TABLE "${S}".agents DROP COLUMN metadata`);
  }
}
