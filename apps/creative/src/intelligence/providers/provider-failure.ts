import { ProviderError, toProviderError } from '@platform/conversation';
import { DomainException, ValidationError } from '@platform/errors';

/**
 * A provider call that failed, as the API answers it (never the SDK's own error):
 * - 504 `<provider>_timeout`: no answer within the configured time;
 * - 503 `<provider>_unavailable`: unreachable, rate limited or a 5xx (trying again later may work);
 * - 502 `<provider>_error`: it refused the call (credentials, bad request, unknown model) or answered nonsense.
 * `<provider>` is the provider id with `-` as `_` (`openai`, `anthropic`, `openai_compatible`).
 */
export class ProviderFailure extends DomainException {
  constructor(provider: string, kind: 'timeout' | 'unavailable' | 'error', message: string, cause?: unknown) {
    super(`${provider.replace(/-/g, '_')}_${kind}`, message, kind === 'error' ? 'upstream_failed' : kind, { extra: { provider }, cause });
  }
}

/** Maps anything a provider call threw (the AI SDK's errors, our timeout) through the conversation lib's mapping. */
export function providerFailure(err: unknown, ctx: { provider: string; timedOut: boolean; timeoutMs: number }): DomainException {
  if (err instanceof DomainException) return err;
  const mapped: ProviderError = toProviderError(err, { provider: ctx.provider, timedOut: ctx.timedOut, timeoutMs: ctx.timeoutMs });
  // The SDK's message may quote the vendor's answer; keep it short and free of credentials.
  const message = mapped.message.replace(/(sk|key)-[A-Za-z0-9_-]{6,}/g, '$1-…').slice(0, 500);
  if (ctx.timedOut) return new ProviderFailure(ctx.provider, 'timeout', `${ctx.provider} provider timed out after ${ctx.timeoutMs} ms`, err);
  return new ProviderFailure(ctx.provider, mapped.retryable ? 'unavailable' : 'error', message, err);
}

/** 422 at `loc` for a `provider` this service does not know or has not configured. */
export function unknownProvider(loc: (string | number)[], value: string, known: readonly string[], configured: readonly string[]): ValidationError {
  const msg = known.includes(value)
    ? `provider "${value}" is not configured on this server; configured: ${configured.join(', ')}`
    : `unknown provider "${value}"; one of ${known.join(', ')}`;
  return new ValidationError([{ loc, msg, type: known.includes(value) ? 'provider_not_configured' : 'enum' }]);
}

/** Runs a provider call with a timeout; failures come out as ProviderFailure. */
export async function withTimeout<T>(provider: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await call(timeout);
  } catch (err) {
    throw providerFailure(err, { provider, timedOut: timeout.aborted, timeoutMs });
  }
}
