import { UsageSummaryQuery } from '../usage/dto/usage.dto';
import { UsageService } from '../usage/usage.service';
import { defineOperation } from '../common/operation';
import { BillingUseCases } from './billing.use-cases';
import { EstimateRequestDto } from './dto/billing.dto';

/** What billing and usage offer as operations (see `OperationSpec`). */
export const BILLING_OPERATIONS = {
  priceBook: defineOperation({
    id: 'Billing_priceBook', method: 'GET', path: '/v1/billing/price-book', status: 200, useCases: BillingUseCases,
    input: {},
    run: (u) => u.priceBook(),
  }),
  estimate: defineOperation({
    id: 'Billing_estimate', method: 'POST', path: '/v1/billing/estimate', status: 200, useCases: BillingUseCases,
    input: { body: EstimateRequestDto },
    run: (u, _auth, { body }) => u.estimate(body),
  }),
  plan: defineOperation({
    id: 'Billing_plan', method: 'GET', path: '/v1/billing/plan', status: 200, useCases: BillingUseCases,
    input: {},
    run: (u, auth) => u.plan(auth),
  }),
  usageSummary: defineOperation({
    id: 'Usage_summary', method: 'GET', path: '/v1/usage/summary', status: 200, useCases: UsageService,
    input: { query: UsageSummaryQuery },
    run: (u, auth, { query }) => u.summary(auth.accountId, query.days ?? 30),
  }),
  accountMetrics: defineOperation({
    id: 'Usage_metrics', method: 'GET', path: '/v1/metrics', status: 200, useCases: UsageService,
    input: {},
    run: (u, auth) => u.metrics(auth.accountId),
  }),
};
