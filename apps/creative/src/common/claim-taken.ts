/**
 * Whether `err` is a unique violation of `constraint`: an index that allows one row per Idempotency-Key claim
 * (`<table>_idempotency_ref`), refusing the effect of a second run of one claim (an owner that was stalled, not dead,
 * and resumed after a retry took its key over). The caller then answers what the first run stored.
 */
export const claimTaken = (err: unknown, constraint: string): boolean =>
  (err as { driverError?: { code?: string; constraint?: string } })?.driverError?.code === '23505' &&
  (err as { driverError: { constraint?: string } }).driverError.constraint === constraint;
