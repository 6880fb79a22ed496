import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * Billing and usage (issue 20): each account's credit balance and plan, the append-only ledger, reservations of
 * billable work, usage events, checkouts of the payment gateway and the gateway events already applied.
 */
export class Billing1798000000000 implements MigrationInterface {
  name = 'Billing1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".billing_accounts (
        account_id text PRIMARY KEY REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        plan_id text NOT NULL,
        balance bigint NOT NULL CHECK (balance >= 0),
        period_start timestamptz(3) NOT NULL,
        period_end timestamptz(3) NOT NULL,
        gateway text,
        customer_id text,
        subscription_id text,
        subscription_status text,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE UNIQUE INDEX billing_accounts_customer ON "${S}".billing_accounts (customer_id) WHERE customer_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE "${S}".billing_reservations (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        operation text NOT NULL,
        params jsonb NOT NULL,
        credits bigint NOT NULL CHECK (credits >= 0),
        state text NOT NULL CHECK (state IN ('held', 'captured', 'released')),
        job_id text,
        design_id text,
        asset_id text,
        credential_id text,
        started_at timestamptz(3),
        expires_at timestamptz(3) NOT NULL,
        settled_at timestamptz(3),
        release_reason text,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX billing_reservations_page ON "${S}".billing_reservations (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX billing_reservations_held ON "${S}".billing_reservations (expires_at) WHERE state = 'held'`);
    await q.query(`CREATE INDEX billing_reservations_job ON "${S}".billing_reservations (job_id) WHERE job_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE "${S}".billing_ledger (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('grant', 'purchase', 'reserve', 'capture', 'release', 'refund', 'adjustment')),
        amount bigint NOT NULL,
        balance_after bigint NOT NULL CHECK (balance_after >= 0),
        reservation_id text,
        operation text,
        description text NOT NULL,
        reference text,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX billing_ledger_page ON "${S}".billing_ledger (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE "${S}".usage_events (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        operation text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'cancelled')),
        units double precision NOT NULL,
        unit text NOT NULL,
        credits bigint NOT NULL,
        design_id text,
        job_id text,
        asset_id text,
        credential_id text,
        reservation_id text,
        duration_ms integer,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX usage_events_page ON "${S}".usage_events (account_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE "${S}".billing_checkouts (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        gateway text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('checkout', 'portal')),
        plan_id text NOT NULL,
        state text NOT NULL CHECK (state IN ('open', 'completed', 'cancelled')),
        external_id text,
        success_url text,
        cancel_url text,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        completed_at timestamptz(3)
      )`);
    await q.query(`
      CREATE TABLE "${S}".billing_gateway_events (
        event_id text PRIMARY KEY,
        gateway text NOT NULL,
        type text NOT NULL,
        account_id text,
        received_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['billing_gateway_events', 'billing_checkouts', 'usage_events', 'billing_ledger', 'billing_reservations', 'billing_accounts'])
      await q.query(`DROP TABLE IF EXISTS "${S}".${t}`);
  }
}
