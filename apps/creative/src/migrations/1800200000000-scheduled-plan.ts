import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * A plan change scheduled for the end of the period (a downgrade: the plan paid for stays until then, as Stripe
 * does with a change at period end): `scheduled_plan_id`, applied by the period's renewal.
 */
export class ScheduledPlan1800200000000 implements MigrationInterface {
  name = 'ScheduledPlan1800200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".billing_accounts ADD COLUMN scheduled_plan_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".billing_accounts DROP COLUMN scheduled_plan_id`);
  }
}
