import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ConflictError, DomainException, NotFoundError, ValidationError } from '@platform/errors';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import type { CreativeConfig } from '../../config';
import { ApiKeyService } from '@platform/auth';
import { BillingRepository, type BillingAccountRow } from '../billing.repository';
import { BillingService } from '../billing.service';
import { FREE_PLAN_ID } from '../price-book';
import { gatewayTokenMatches } from './gateway-token';
import { LocalGateway } from './local-gateway';
import { PaymentGateway } from './payment-gateway';
import { PaymentsRepository, type CheckoutRow } from './payments.repository';
import { StripeGateway } from './stripe-gateway';

export type { CheckoutRow } from './payments.repository';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What closing a local checkout or portal session did: `repeated` when an earlier submit with its token had closed it the same way. */
export interface LocalOutcome {
  row: CheckoutRow;
  repeated: boolean;
}

const LOCAL_TOKEN_REFUSED = {
  checkout: {
    code: 'invalid_checkout_token',
    detail: 'This checkout needs the token of its URL (as answered by POST /v1/billing/checkout to the account that opened it)',
  },
  portal: {
    code: 'invalid_portal_token',
    detail: 'This billing portal session needs the token of its URL (as answered by POST /v1/billing/portal to the account that opened it)',
  },
} as const;

const LOCAL_CLOSED = {
  checkout: { code: 'checkout_closed', detail: 'This checkout is already completed or cancelled: its token was used' },
  portal: { code: 'portal_closed', detail: 'This billing portal session was already used: open a new one with POST /v1/billing/portal' },
} as const;

/** Checkout, portal and status through the configured gateway, and what the gateway reports back (local page, Stripe webhook). */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  readonly gateway: PaymentGateway;

  constructor(
    private readonly repo: PaymentsRepository,
    private readonly accounts: BillingRepository,
    private readonly keys: ApiKeyService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly billing: BillingService,
    local: LocalGateway,
    private readonly stripeGateway: StripeGateway,
  ) {
    this.gateway = config.billing.gateway === 'stripe' ? stripeGateway : local;
    if (config.billing.localInProduction) {
      this.logger.error(
        'BILLING_GATEWAY=local with NODE_ENV=production (BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true): purchases complete WITHOUT PAYMENT; ' +
          'every account can give itself any plan or credit pack for free. Set BILLING_GATEWAY=stripe for real customers.',
      );
    }
  }

  async status(accountId: string) {
    const [gw, acct] = await Promise.all([this.gateway.status(), this.billing.account(accountId)]);
    const paid = acct.plan_id !== FREE_PLAN_ID;
    return {
      ...gw,
      plan_id: acct.plan_id,
      customer_id: acct.customer_id,
      subscription:
        acct.subscription_id || paid
          ? {
              id: acct.subscription_id ?? `sub_local_${acct.account_id}`,
              status: acct.subscription_status ?? (paid ? 'active' : null),
              plan_id: paid ? acct.plan_id : null,
              current_period_start: paid ? acct.period_start.toISOString() : null,
              current_period_end: paid ? acct.period_end.toISOString() : null,
              scheduled_plan_id: acct.scheduled_plan_id,
            }
          : null,
    };
  }

  async checkout(accountId: string, planId: string, successUrl: string | null, cancelUrl: string | null) {
    const plan = this.billing.plan(planId);
    if (!plan || plan.id === FREE_PLAN_ID) {
      const buyable = this.billing.plans.filter((p) => p.id !== FREE_PLAN_ID).map((p) => p.id);
      throw new ValidationError([{ loc: ['plan_id'], msg: `must be one of ${buyable.join(', ')} (see GET /v1/billing/price-book)`, type: 'value_error' }]);
    }
    const acct = await this.billing.account(accountId);
    if (plan.kind === 'plan') this.refuseNeedlessCheckout(acct, plan.id);
    const session = await this.gateway.checkout(acct, plan, { successUrl, cancelUrl });
    return { gateway: this.gateway.name, checkout_id: session.id, url: session.url, plan_id: plan.id };
  }

  /**
   * A checkout that would charge for nothing, or charge twice: 409, nothing opened. `plan_already_active`: the plan is
   * the account's (and no other is scheduled); `plan_change_scheduled`: the change to it is already scheduled for the
   * period's end; `subscription_active` (Stripe): a Checkout Session would start a second subscription next to the
   * running one; its plan is changed in the billing portal (POST /v1/billing/portal), and Stripe reports the change.
   */
  private refuseNeedlessCheckout(acct: BillingAccountRow, planId: string): void {
    if (acct.plan_id === planId && !acct.scheduled_plan_id)
      throw new ConflictError(`The account is on the ${planId} plan already: there is nothing to buy (GET /v1/billing/plan)`, 'plan_already_active');
    if (acct.scheduled_plan_id === planId)
      throw new ConflictError(
        `The change to the ${planId} plan is already scheduled for the end of the period (${acct.period_end.toISOString()})`,
        'plan_change_scheduled',
      );
    const running = acct.subscription_id && (acct.subscription_status === 'active' || acct.subscription_status === 'trialing');
    if (this.gateway.name === 'stripe' && running && acct.plan_id !== FREE_PLAN_ID)
      throw new ConflictError(
        `The account's ${acct.plan_id} subscription is running: change its plan in the billing portal (POST /v1/billing/portal) instead of a second subscription`,
        'subscription_active',
      );
  }

  async portal(accountId: string, returnUrl: string | null) {
    const acct = await this.billing.account(accountId);
    const session = await this.gateway.portal(acct, returnUrl);
    return { gateway: this.gateway.name, url: session.url };
  }

  // --- local gateway pages -------------------------------------------------------------------------------

  private async localSession(id: string, kind: 'checkout' | 'portal'): Promise<CheckoutRow> {
    const row = ID.test(id) ? await this.repo.localSession(id, kind) : undefined;
    if (!row) throw new NotFoundError(kind === 'checkout' ? 'Checkout not found' : 'Billing portal session not found', 'not_found');
    return row;
  }

  /**
   * A local checkout or portal session, for whoever shows its token (the one in the URL answered to the account that
   * opened it; see gateway-token.ts). 403 `invalid_checkout_token` / `invalid_portal_token` without it or with another.
   */
  async localPage(id: string, kind: 'checkout' | 'portal', token: unknown): Promise<CheckoutRow> {
    const row = await this.localSession(id, kind);
    if (!gatewayTokenMatches(token, row.token_hash)) throw new DomainException(LOCAL_TOKEN_REFUSED[kind].code, LOCAL_TOKEN_REFUSED[kind].detail, 'forbidden');
    return row;
  }

  /**
   * The local checkout page's Pay or Cancel, with the checkout's token: the token is used up by the first of them, in
   * the same statement that closes the checkout (parallel submits: one wins), and the purchase is applied in that
   * transaction. A repeat of the winning submit (a double click) answers as it did and applies nothing again; a used
   * token for the other outcome is 409 `checkout_closed` and changes nothing.
   */
  localFinish(id: string, token: unknown, outcome: 'completed' | 'cancelled'): Promise<LocalOutcome> {
    return this.localClose(id, 'checkout', token, outcome, async (m, row) => {
      if (outcome === 'completed') await this.applyPurchase(m, row.account_id, row.plan_id, `local:${id}`);
    });
  }

  /** The local portal's "cancel subscription", with the portal session's token (used up by it): back to the free plan. */
  localCancelSubscription(id: string, token: unknown): Promise<LocalOutcome> {
    return this.localClose(id, 'portal', token, 'completed', async (m, row) => {
      await this.accounts.setPlan(m, row.account_id, FREE_PLAN_ID, 'canceled');
    });
  }

  /**
   * Closes a local checkout or portal session with its token and applies what closing it means, in one transaction
   * under the account's lock: the statement that closes it (`state = 'open'` and the token's hash) is what uses the
   * token up, so of parallel submits exactly one applies. Another submit with the same token afterwards, for the same
   * outcome, is the same person's repeat (a double click, a reload): it answers `repeated` and applies nothing.
   */
  private async localClose(
    id: string,
    kind: 'checkout' | 'portal',
    token: unknown,
    outcome: 'completed' | 'cancelled',
    apply: (m: EntityManager, row: CheckoutRow) => Promise<void>,
  ): Promise<LocalOutcome> {
    const row = await this.localPage(id, kind, token);
    const done = await this.billing.locked(row.account_id, async (m): Promise<LocalOutcome | null> => {
      const closed = await this.repo.closeWithToken(m, id, outcome, row.token_hash);
      if (closed) {
        await apply(m, closed);
        return { row: closed, repeated: false };
      }
      const now = await this.repo.checkout(m, id);
      return now?.state === outcome ? { row: now, repeated: true } : null;
    });
    if (!done) throw new DomainException(LOCAL_CLOSED[kind].code, LOCAL_CLOSED[kind].detail, 'conflict');
    return done;
  }

  /** A paid plan or credit pack: a plan becomes the account's (its monthly credits granted now), a pack adds its credits. */
  private async applyPurchase(m: EntityManager, accountId: string, planId: string, reference: string): Promise<void> {
    const plan = this.billing.plan(planId);
    if (!plan) return this.logger.warn(`Purchase ${reference} of unknown plan ${planId} ignored`);
    if (plan.kind === 'credit_pack') await this.billing.credit(accountId, 'purchase', plan.monthly_credits, `Bought ${plan.name}`, reference, m);
    else {
      const change = await this.billing.changePlan(accountId, plan.id, reference, m);
      // The local gateway's subscription: one per run from the free plan to the end (Stripe's come with its events).
      if (change === 'started' && this.gateway.name === 'local')
        await this.accounts.setSubscription(m, accountId, `sub_local_${reference.replace(/^local:/, '')}`, 'active', true);
      else await this.accounts.setSubscriptionStatus(m, accountId, 'active');
    }
  }

  // --- Stripe webhook ------------------------------------------------------------------------------------

  /** Verifies `Stripe-Signature` (400 `invalid_signature`, nothing changed) and applies the event once per event id. */
  async stripeWebhook(raw: Buffer | undefined, signature: string | undefined): Promise<{ received: true; applied: boolean; type: string }> {
    const secret = this.config.billing.stripe.webhookSecret;
    if (!secret) throw new DomainException('webhook_not_configured', 'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are not accepted', 'not_found');
    let event: Stripe.Event;
    try {
      if (!raw || !signature) throw new Error('missing body or Stripe-Signature header');
      event = this.stripeGateway.stripe.webhooks.constructEvent(raw, signature, secret);
    } catch (e) {
      throw new DomainException('invalid_signature', `The Stripe-Signature does not verify: ${(e as Error).message}`, 'malformed');
    }
    const accountId = await this.accountOf(event);
    if (!accountId) {
      this.logger.warn(`Stripe event ${event.id} (${event.type}) names no account of ours; ignored`);
      return { received: true, applied: false, type: event.type };
    }
    const applied = await this.billing.locked(accountId, async (m) => {
      if (!(await this.repo.recordEvent(m, 'stripe', event.id, event.type, accountId))) return false;
      await this.apply(m, accountId, event);
      return true;
    });
    return { received: true, applied, type: event.type };
  }

  private async accountOf(event: Stripe.Event): Promise<string | null> {
    const obj = event.data.object as unknown as {
      metadata?: Record<string, string> | null;
      customer?: string | { id: string } | null;
      client_reference_id?: string | null;
    };
    const customer = typeof obj.customer === 'string' ? obj.customer : (obj.customer?.id ?? null);
    if (customer) {
      const accountId = await this.accounts.accountOfCustomer(customer);
      if (accountId) return accountId;
    }
    const id = obj.metadata?.account_id ?? obj.client_reference_id ?? null;
    if (!id || !ID.test(id)) return null;
    const account = await this.keys.getAccount(id);
    return account ? account.id : null;
  }

  private async apply(m: EntityManager, accountId: string, event: Stripe.Event): Promise<void> {
    const ref = `stripe:${event.id}`;
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        if (s.payment_status === 'unpaid') return;
        await this.repo.complete(m, s.id);
        if (s.mode === 'subscription' && s.subscription) {
          await this.accounts.setSubscription(m, accountId, typeof s.subscription === 'string' ? s.subscription : s.subscription.id, 'active', false);
        }
        return this.applyPurchase(m, accountId, s.metadata?.plan_id ?? '', ref);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        await this.accounts.setSubscription(m, accountId, sub.id, sub.status, true);
        const planId = sub.metadata?.plan_id;
        if (planId && (sub.status === 'active' || sub.status === 'trialing')) await this.billing.changePlan(accountId, planId, ref, m);
        if (sub.status === 'canceled' || sub.status === 'unpaid' || sub.status === 'incomplete_expired')
          await this.accounts.setPlan(m, accountId, FREE_PLAN_ID);
        return;
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        await this.accounts.setPlan(m, accountId, FREE_PLAN_ID, 'canceled');
        this.logger.log(`Subscription ${sub.id} of ${accountId} ended: back to the free plan`);
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        // The first invoice is the checkout's (granted when it completed); each renewal grants the plan's month.
        if (invoice.billing_reason !== 'subscription_cycle') return;
        const acct = await this.accounts.lockAccount(m, accountId);
        if (!acct || acct.plan_id === FREE_PLAN_ID) return;
        // The renewal applies a downgrade scheduled for it, and grants the month of the plan it renews.
        await this.billing.renew(m, acct, ref);
        return;
      }
      default:
        return;
    }
  }
}
