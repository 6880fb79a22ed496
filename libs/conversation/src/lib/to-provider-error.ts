import { APICallError, LoadAPIKeyError, NoSuchModelError, RetryError } from 'ai';
import { ProviderError } from './provider-error';

/** HTTP statuses after which trying again later may succeed. */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

/**
 * Maps anything thrown by the AI SDK (or by our own timeout) to a ProviderError.
 * Timeouts, rate limits, 5xx and network failures are retryable; authentication,
 * permission, bad requests and configuration problems are not.
 */
export function toProviderError(err: unknown, context: { provider: string; timedOut?: boolean; timeoutMs?: number }): ProviderError {
  if (err instanceof ProviderError) return err;
  const prefix = `${context.provider} provider`;
  if (context.timedOut) {
    return new ProviderError(`${prefix} timed out after ${context.timeoutMs} ms`, true, { cause: err });
  }
  if (RetryError.isInstance(err)) {
    return toProviderError(err.lastError, context);
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === undefined) {
      // No HTTP response: connection refused, reset, DNS… (the SDK marks these retryable).
      return new ProviderError(`${prefix} unreachable: ${err.message}`, true, { cause: err });
    }
    if (status >= 200 && status < 300) {
      // The call succeeded but the body could not be understood (truncated, invalid JSON…).
      return new ProviderError(`${prefix} sent an invalid response: ${err.message}`, true, { cause: err });
    }
    const retryable = RETRYABLE_STATUS.has(status) || status >= 500;
    return new ProviderError(`${prefix} returned HTTP ${status}: ${err.message}`, retryable, { cause: err });
  }
  if (LoadAPIKeyError.isInstance(err) || NoSuchModelError.isInstance(err)) {
    return new ProviderError(`${prefix} misconfigured: ${err.message}`, false, { cause: err });
  }
  if (isAbortError(err)) {
    return new ProviderError(`${prefix} call aborted`, true, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  // Malformed or empty responses, network hiccups: worth another try later.
  return new ProviderError(`${prefix} failed: ${message}`, true, { cause: err });
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}
