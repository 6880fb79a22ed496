/**
 * A reply provider failed. `retryable` tells the caller whether trying again later can help
 * (timeouts, 5xx, 429, network errors) or not (bad credentials, bad request, unknown model).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
