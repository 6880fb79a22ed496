import type { ErrorKind } from './domain-exception';

/**
 * The REST status of each kind of domain error: the one place a service's error becomes HTTP (the exception filters
 * and the MCP tool results read it through `normalizeError`). Every code's status follows from its kind:
 * `render_timeout` is a timeout (504), `render_busy` unavailable (503, its `Retry-After` from `retryAfterSeconds`),
 * `insufficient_credits` payment_required (402).
 */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  malformed: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  too_large: 413,
  unsupported_media_type: 415,
  out_of_range: 416,
  invalid: 422,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
  timeout: 504,
};

/** The REST status of a domain error. */
export function statusOf(e: { kind: ErrorKind }): number {
  return STATUS_BY_KIND[e.kind];
}
