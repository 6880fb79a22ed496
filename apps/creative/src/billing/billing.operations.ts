import { RERUN_EFFECT } from '@platform/http';
import { defineOperation } from '../common/operation';
import { BillingUseCases } from './billing.use-cases';
import { EstimateRequestDto } from './dto/billing.dto';

/** What billing offers as operations (see `OperationSpec`); usage's are in usage/usage.operations.ts. */
export const BILLING_OPERATIONS = {
  priceBook: defineOperation({
    id: 'Billing_priceBook',
    method: 'GET',
    path: '/v1/billing/price-book',
    status: 200,
    useCases: BillingUseCases,
    input: {},
    run: (u) => u.priceBook(),
  }),
  estimate: defineOperation({
    id: 'Billing_estimate',
    method: 'POST',
    path: '/v1/billing/estimate',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: BillingUseCases,
    input: { body: EstimateRequestDto },
    run: (u, _auth, { body }) => u.estimate(body),
  }),
  plan: defineOperation({
    id: 'Billing_plan',
    method: 'GET',
    path: '/v1/billing/plan',
    status: 200,
    useCases: BillingUseCases,
    input: {},
    run: (u, auth) => u.plan(auth),
  }),
};
