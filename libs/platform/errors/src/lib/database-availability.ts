/** Seconds a client is told to wait (Retry-After) while the database is unreachable or restarting. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs that say the server cannot serve now, not that the statement is wrong: class 08 (connection exception:
 * 08000, 08001, 08003, 08004, 08006, ...), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const isUnavailableSqlState = (code: string) => UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);

/**
 * Node's socket error codes for a connection that could not be made or was cut (to the database here; the creative
 * blob store's transient-error check uses the same set).
 */
export const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Messages of node-postgres, pg-pool and TypeORM for a connection that ended or could not be had in time
 * (they carry no code): `Connection terminated unexpectedly`, `Connection terminated due to connection timeout`,
 * `timeout exceeded when trying to connect` (pool), `Client has encountered a connection error and is not queryable`.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/i;

/**
 * Whether an error says the database is unreachable or restarting (the request may succeed if retried shortly),
 * not that the request or the statement is wrong: an unavailability SQLSTATE, a refused, reset or cut connection,
 * a pool timeout. Looks through TypeORM's `driverError`, `cause` and an AggregateError's `errors`.
 * A unique violation (23505), a syntax error (42601) or any other SQL error is not unavailability.
 *
 * A bare socket error counts (pg-pool's connect rejects with the socket's own error), except where it is plainly not
 * the database's: beneath `fetch failed` (undici's outbound HTTP calls: a webhook, a platform API, an LLM) and on an
 * AWS SDK error (it carries `$metadata`: the blob store, which creative answers as 503 `storage_unavailable`). Those
 * stay 500s unless their caller says otherwise, so a lost S3 or webhook connection is never told as the database.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown; $metadata?: unknown };
  if (e.$metadata !== undefined || (err instanceof TypeError && e.message === 'fetch failed')) return false;
  if (typeof e.code === 'string' && (isUnavailableSqlState(e.code) || CONNECTION_ERROR_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1));
}
