import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { DomainException } from '@platform/errors';
import Stripe from 'stripe';
import type { CreativeConfig } from '../../config';
import { BillingRepository, type BillingAccountRow } from '../billing.repository';
import { CURRENCY, type Plan } from '../price-book';
import { PaymentGateway, type CheckoutUrls, type GatewayStatus } from './payment-gateway';
import { PaymentsRepository } from './payments.repository';

/** The Stripe client of the configuration: STRIPE_API_BASE points the SDK elsewhere (`host`, `port`, `protocol`). */
export function stripeClient(config: CreativeConfig['billing']['stripe']): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey || 'sk_test_unset', {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** A Stripe API error as a 502 `payment_gateway_error` (its message kept: it names the parameter). */
function gatewayError(e: unknown): DomainException {
  const err = e as { message?: string };
  return new DomainException('payment_gateway_error', `Stripe refused the request: ${err.message ?? String(e)}`, 'upstream_failed');
}

/**
 * Stripe (BILLING_GATEWAY=stripe) with the official SDK: a customer per account (created on first checkout or
 * portal), Checkout Sessions for plans (mode `subscription`, monthly) and credit packs (mode `payment`), the Billing
 * Portal; the webhook (BillingWebhooks) applies what Stripe reports.
 */
@Injectable()
export class StripeGateway extends PaymentGateway {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(
    private readonly accounts: BillingRepository,
    private readonly repo: PaymentsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {
    super();
    this.stripe = stripeClient(config.billing.stripe);
  }

  private get defaultReturn(): string {
    return `${this.config.publicBaseUrl}/v1/billing/local/return`;
  }

  async status(): Promise<GatewayStatus> {
    const mode = this.config.billing.stripe.secretKey.startsWith('sk_live_') || this.config.billing.stripe.secretKey.startsWith('rk_live_') ? 'live' : 'test';
    try {
      await this.stripe.balance.retrieve();
      return { gateway: 'stripe', mode, reachable: true, error: null };
    } catch (e) {
      return { gateway: 'stripe', mode, reachable: false, error: (e as Error).message };
    }
  }

  private async customer(acct: BillingAccountRow): Promise<string> {
    if (acct.customer_id) return acct.customer_id;
    const customer = await this.stripe.customers.create({ metadata: { account_id: acct.account_id } }, { idempotencyKey: `customer-${acct.account_id}` });
    return (await this.accounts.claimCustomer(acct.account_id, customer.id)) ?? customer.id;
  }

  async checkout(acct: BillingAccountRow, plan: Plan, urls: CheckoutUrls): Promise<{ id: string; url: string }> {
    try {
      const customer = await this.customer(acct);
      const metadata = { account_id: acct.account_id, plan_id: plan.id };
      const subscription = plan.kind === 'plan';
      const session = await this.stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        customer,
        client_reference_id: acct.account_id,
        success_url: urls.successUrl ?? `${this.defaultReturn}?status=success`,
        cancel_url: urls.cancelUrl ?? `${this.defaultReturn}?status=cancel`,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: plan.price_cents,
              product_data: { name: `${plan.name} (${plan.monthly_credits} credits${subscription ? ' a month' : ''})` },
              ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
            },
          },
        ],
        metadata,
        ...(subscription ? { subscription_data: { metadata } } : {}),
      });
      await this.repo.insertStripeCheckout(session.id, acct.account_id, plan.id, urls.successUrl, urls.cancelUrl);
      return { id: session.id, url: session.url ?? '' };
    } catch (e) {
      throw gatewayError(e);
    }
  }

  async portal(acct: BillingAccountRow, returnUrl: string | null): Promise<{ url: string }> {
    try {
      const customer = await this.customer(acct);
      const session = await this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl ?? this.defaultReturn });
      return { url: session.url };
    } catch (e) {
      throw gatewayError(e);
    }
  }
}
