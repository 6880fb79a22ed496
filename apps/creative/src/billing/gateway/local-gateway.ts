import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../../config';
import type { BillingAccountRow } from '../billing.service';
import type { Plan } from '../price-book';
import { PaymentGateway, type CheckoutUrls, type GatewayStatus } from './payment-gateway';

/**
 * The built-in gateway (BILLING_GATEWAY=local, the default): a checkout is a row and a page served by this service
 * (`/v1/billing/local/checkout/{id}`) where a developer completes or cancels the purchase; completing it credits the
 * account as a paid Stripe checkout would. No money moves: it is always in test mode.
 */
@Injectable()
export class LocalGateway extends PaymentGateway {
  readonly name = 'local' as const;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {
    super();
  }

  async status(): Promise<GatewayStatus> {
    return { gateway: 'local', mode: 'test', reachable: true, error: null };
  }

  async checkout(acct: BillingAccountRow, plan: Plan, urls: CheckoutUrls): Promise<{ id: string; url: string }> {
    const id = newId('chk');
    await this.ds.query(
      `INSERT INTO creative.billing_checkouts (id, account_id, gateway, kind, plan_id, state, success_url, cancel_url) VALUES ($1, $2, 'local', 'checkout', $3, 'open', $4, $5)`,
      [id, acct.account_id, plan.id, urls.successUrl, urls.cancelUrl],
    );
    return { id, url: `${this.config.publicBaseUrl}/v1/billing/local/checkout/${id}` };
  }

  async portal(acct: BillingAccountRow, returnUrl: string | null): Promise<{ url: string }> {
    const id = newId('bps');
    await this.ds.query(
      `INSERT INTO creative.billing_checkouts (id, account_id, gateway, kind, plan_id, state, success_url) VALUES ($1, $2, 'local', 'portal', $3, 'open', $4)`,
      [id, acct.account_id, acct.plan_id, returnUrl],
    );
    return { url: `${this.config.publicBaseUrl}/v1/billing/local/portal/${id}` };
  }
}
