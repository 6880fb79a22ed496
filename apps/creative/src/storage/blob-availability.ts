import { CONNECTION_ERROR_CODES, DomainException } from '@platform/errors';
import { AsyncLocalStorage } from 'node:async_hooks';

/** Seconds a client is told to wait (Retry-After) when the blob store is away. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** The blob store cannot be reached or answers a server error: 503 `storage_unavailable`, nothing changed. */
export class StorageUnavailableError extends DomainException {
  constructor(cause: unknown) {
    super('storage_unavailable', 'The blob store is unreachable for the moment; nothing was changed, retry shortly', 'unavailable', {
      retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
      extra: { retry_after: STORAGE_RETRY_AFTER_SECONDS },
      cause,
    });
  }
}

/** The platform's connection error codes, and undici's for a socket it lost. */
const TRANSIENT_CODES = new Set([...CONNECTION_ERROR_CODES, 'UND_ERR_SOCKET']);
const TRANSIENT_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'ServiceUnavailable', 'SlowDown', 'InternalError']);

/**
 * Whether an error of the blob store says it is away for now, not that the request is wrong: a connection refused,
 * reset or cut (`socket hang up`), a timeout, or a 5xx answer. Looks through `cause` (the SDK and `lib-storage` wrap).
 */
export function isTransientStorageError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  if (err instanceof StorageUnavailableError) return true;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return true;
  if (typeof e.name === 'string' && TRANSIENT_NAMES.has(e.name)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  if (typeof e.message === 'string' && /socket hang up|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|connect ETIMEDOUT/i.test(e.message)) return true;
  return isTransientStorageError(e.cause, depth + 1);
}

/** How long the blob operations of the current async context keep trying while the store is away. */
interface Patience {
  until: number;
  signal?: AbortSignal;
}
const patience = new AsyncLocalStorage<Patience>();

/**
 * Runs `fn` with blob operations that keep trying a store that is away for up to `ms` (with backoff) before they
 * throw `StorageUnavailableError`: for jobs, whose client waits anyway (a request answers 503 at once instead).
 * `signal` stops the waiting (a job cancelled or past its budget).
 */
export function withBlobPatience<T>(ms: number, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  return patience.run({ until: Date.now() + ms, signal }, fn);
}

const MAX_DELAY_MS = 5000;

/**
 * Runs one blob operation; a transient failure is tried again (when `retriable` and the context has patience left)
 * and ends as `StorageUnavailableError`; any other error is rethrown as it is.
 */
export async function blobAttempt<T>(fn: () => Promise<T>, retriable = true): Promise<T> {
  const p = patience.getStore();
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!isTransientStorageError(err)) throw err;
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** i);
      if (!retriable || !p || Date.now() + delay > p.until || p.signal?.aborted)
        throw err instanceof StorageUnavailableError ? err : new StorageUnavailableError(err);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delay);
        function done() {
          clearTimeout(timer);
          p!.signal?.removeEventListener('abort', done);
          resolve();
        }
        p.signal?.addEventListener('abort', done, { once: true });
      });
    }
  }
}
