import type { BillingAccountRow } from '../billing.service';
import type { Plan } from '../price-book';

export interface CheckoutUrls {
  successUrl: string | null;
  cancelUrl: string | null;
}

export interface GatewayStatus {
  gateway: 'local' | 'stripe';
  mode: 'test' | 'live';
  reachable: boolean;
  /** Why it is not reachable, when it is not. */
  error: string | null;
}

/**
 * The payment gateway port: the built-in local gateway (default) or Stripe. Checkout answers a URL where the buyer
 * pays; the gateway then credits the account (local: when the page is completed; Stripe: through its webhook).
 */
export abstract class PaymentGateway {
  abstract readonly name: 'local' | 'stripe';
  abstract status(): Promise<GatewayStatus>;
  abstract checkout(acct: BillingAccountRow, plan: Plan, urls: CheckoutUrls): Promise<{ id: string; url: string }>;
  abstract portal(acct: BillingAccountRow, returnUrl: string | null): Promise<{ url: string }>;
}
