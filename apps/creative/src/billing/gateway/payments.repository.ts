import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { updated } from '../billing.repository';

export interface CheckoutRow {
  id: string;
  account_id: string;
  gateway: string;
  kind: 'checkout' | 'portal';
  plan_id: string;
  state: 'open' | 'completed' | 'cancelled';
  success_url: string | null;
  cancel_url: string | null;
  /** Local checkouts and portal sessions: the SHA-256 of the token their URL carries (never the token). */
  token_hash: Buffer | null;
}

/** The payment gateway's tables: checkouts and portal sessions, and the gateway events already applied. */
@Injectable()
export class PaymentsRepository {
  static readonly tables = ['billing_checkouts', 'billing_gateway_events'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insertLocalCheckout(
    id: string,
    accountId: string,
    planId: string,
    successUrl: string | null,
    cancelUrl: string | null,
    tokenHash: Buffer,
  ): Promise<void> {
    await this.ds.query(
      `INSERT INTO creative.billing_checkouts (id, account_id, gateway, kind, plan_id, state, success_url, cancel_url, token_hash) VALUES ($1, $2, 'local', 'checkout', $3, 'open', $4, $5, $6)`,
      [id, accountId, planId, successUrl, cancelUrl, tokenHash],
    );
  }

  async insertLocalPortal(id: string, accountId: string, planId: string, returnUrl: string | null, tokenHash: Buffer): Promise<void> {
    await this.ds.query(
      `INSERT INTO creative.billing_checkouts (id, account_id, gateway, kind, plan_id, state, success_url, token_hash) VALUES ($1, $2, 'local', 'portal', $3, 'open', $4, $5)`,
      [id, accountId, planId, returnUrl, tokenHash],
    );
  }

  /** A Stripe checkout session (its id is Stripe's); recorded once. */
  async insertStripeCheckout(sessionId: string, accountId: string, planId: string, successUrl: string | null, cancelUrl: string | null): Promise<void> {
    await this.ds.query(
      `INSERT INTO creative.billing_checkouts (id, account_id, gateway, kind, plan_id, state, external_id, success_url, cancel_url) VALUES ($1, $2, 'stripe', 'checkout', $3, 'open', $1, $4, $5) ON CONFLICT DO NOTHING`,
      [sessionId, accountId, planId, successUrl, cancelUrl],
    );
  }

  async localSession(id: string, kind: 'checkout' | 'portal'): Promise<CheckoutRow | undefined> {
    return (
      (await this.ds.query(`SELECT * FROM creative.billing_checkouts WHERE id = $1 AND gateway = 'local' AND kind = $2`, [id, kind])) as CheckoutRow[]
    )[0];
  }

  /** Closes an open session whose token hash is `tokenHash` (the statement that uses the token up); undefined when it was not open with it. */
  async closeWithToken(m: EntityManager, id: string, outcome: 'completed' | 'cancelled', tokenHash: Buffer | null): Promise<CheckoutRow | undefined> {
    const [closed] = await updated<CheckoutRow>(
      m,
      `UPDATE creative.billing_checkouts SET state = $2, completed_at = clock_timestamp() WHERE id = $1 AND state = 'open' AND token_hash = $3 RETURNING *`,
      [id, outcome, tokenHash],
    );
    return closed;
  }

  async checkout(m: EntityManager, id: string): Promise<CheckoutRow | undefined> {
    return ((await m.query(`SELECT * FROM creative.billing_checkouts WHERE id = $1`, [id])) as CheckoutRow[])[0];
  }

  async complete(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE creative.billing_checkouts SET state = 'completed', completed_at = clock_timestamp() WHERE id = $1`, [id]);
  }

  /** Records a gateway event; false when it was recorded already (applied before). */
  async recordEvent(m: EntityManager, gateway: string, eventId: string, type: string, accountId: string): Promise<boolean> {
    const fresh: unknown[] = await m.query(
      `INSERT INTO creative.billing_gateway_events (event_id, gateway, type, account_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id`,
      [eventId, gateway, type, accountId],
    );
    return fresh.length > 0;
  }
}
