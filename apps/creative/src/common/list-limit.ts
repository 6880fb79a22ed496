/**
 * The largest `limit` every list endpoint accepts (designs, revisions, jobs, assets, ledger, reservations, usage
 * events, ...): one figure, the one GET /v1/billing/plan advertises as `limits.max_list_limit`. Above it: 422.
 */
export const MAX_LIST_LIMIT = 100;
