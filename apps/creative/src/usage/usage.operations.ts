import { defineOperation } from '../common/operation';
import { UsageSummaryQuery } from './dto/usage.dto';
import { UsageService } from './usage.service';

/** What usage offers as operations (see `OperationSpec`). */
export const USAGE_OPERATIONS = {
  summary: defineOperation({
    id: 'Usage_summary',
    method: 'GET',
    path: '/v1/usage/summary',
    status: 200,
    useCases: UsageService,
    input: { query: UsageSummaryQuery },
    run: (u, auth, { query }) => u.summary(auth.accountId, query.days ?? 30),
  }),
  metrics: defineOperation({
    id: 'Usage_metrics',
    method: 'GET',
    path: '/v1/metrics',
    status: 200,
    useCases: UsageService,
    input: {},
    run: (u, auth) => u.metrics(auth.accountId),
  }),
};
