import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import type { CreativeConfig } from '../../config';
import type { BillingAccountRow } from '../billing.service';
import type { Plan } from '../price-book';
import { newGatewayToken } from './gateway-token';
import { PaymentGateway, type CheckoutUrls, type GatewayStatus } from './payment-gateway';
import { PaymentsRepository } from './payments.repository';

/**
 * The built-in gateway (BILLING_GATEWAY=local, the default outside production): a checkout is a row and a page served
 * by this service (`/v1/billing/local/checkout/{id}?token=…`) where a developer completes or cancels the purchase;
 * completing it credits the account as a paid Stripe checkout would. No money moves: it is always in test mode.
 * The URL's token, answered only to the account that opened the checkout, is what completing or cancelling needs.
 * The billing portal is a page of this service too (`/v1/billing/local/portal/{id}?token=…`), with a token of its own
 * that showing it and cancelling the subscription need.
 */
@Injectable()
export class LocalGateway extends PaymentGateway {
  readonly name = 'local' as const;

  constructor(
    private readonly repo: PaymentsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {
    super();
  }

  async status(): Promise<GatewayStatus> {
    return { gateway: 'local', mode: 'test', reachable: true, error: null };
  }

  async checkout(acct: BillingAccountRow, plan: Plan, urls: CheckoutUrls): Promise<{ id: string; url: string }> {
    const id = newId('chk');
    const { token, hash } = newGatewayToken();
    await this.repo.insertLocalCheckout(id, acct.account_id, plan.id, urls.successUrl, urls.cancelUrl, hash);
    return { id, url: `${this.config.publicBaseUrl}/v1/billing/local/checkout/${id}?token=${token}` };
  }

  async portal(acct: BillingAccountRow, returnUrl: string | null): Promise<{ url: string }> {
    const id = newId('bps');
    const { token, hash } = newGatewayToken();
    await this.repo.insertLocalPortal(id, acct.account_id, acct.plan_id, returnUrl, hash);
    return { url: `${this.config.publicBaseUrl}/v1/billing/local/portal/${id}?token=${token}` };
  }
}
