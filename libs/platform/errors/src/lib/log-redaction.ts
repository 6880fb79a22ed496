/*
 * What may reach a log line. No token, code, cookie, session id, API key, client secret or
 * password: URLs lose the values of secret-looking query parameters, headers that carry
 * credentials are dropped, and errors keep only their kind, message, code and stack (no SQL
 * parameters, no PostgreSQL `detail`/`where`, which quote the values of the failing row).
 */

export const REDACTED = '[redacted]';

/** Query parameter and header names whose values are credentials (or may be). */
const SECRET_NAME = /token|secret|password|passwd|passphrase|signature|session|cookie|assertion|verifier|api[-_]?key|authorization|credential/i;
const SECRET_EXACT = new Set(['code', 'key', 'sig', 'otp', 'pin', 'auth', 'jwt', 'sid', 'ticket']);
/** Names about a credential rather than the credential: `token_type`, `token_type_hint`, `code_challenge_method`. */
const DESCRIPTIVE = /(_type|_hint|_method)$/i;

export function isSecretName(name: string): boolean {
  const n = name.trim().toLowerCase();
  if (DESCRIPTIVE.test(n)) return false;
  return SECRET_EXACT.has(n) || SECRET_EXACT.has(n.split('.').pop() ?? n) || SECRET_NAME.test(n);
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A query string (without `?`) with the values of secret parameters replaced. */
function redactQueryString(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const i = pair.indexOf('=');
      if (i < 0) return pair;
      return isSecretName(decodeName(pair.slice(0, i))) ? `${pair.slice(0, i)}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A URL (absolute or a path) for a log line: the values of `code`, `*token*`, `*secret*`,
 * `password`, `*signature*`, `session`… in its query and fragment are replaced.
 */
export function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : `#${redactQueryString(url.slice(hash + 1))}`;
  const q = beforeHash.indexOf('?');
  if (q < 0) return beforeHash + fragment;
  return `${beforeHash.slice(0, q)}?${redactQueryString(beforeHash.slice(q + 1))}${fragment}`;
}

/** A parsed query object with secret values replaced (shallow; nested values are summarized). */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, isSecretName(k) ? REDACTED : v]));
}

/** Headers for a log line: credentials are replaced, `location` loses secret query values. */
export function redactHeaders(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (isSecretName(name) || name.toLowerCase() === 'x-api-key') out[name] = REDACTED;
    else if (name.toLowerCase() === 'location' || name.toLowerCase() === 'content-location' || name.toLowerCase() === 'referer') out[name] = redactUrl(value);
    else out[name] = value;
  }
  return out;
}

/** Our own credential formats: API keys (`cr_live_…`, `msg_live_…`, `ent_live_…`), OAuth client secrets, webhook secrets. */
const CREDENTIAL = /\b(?:(?:cr|msg|ent)_live_|ecs_|whsec_)[A-Za-z0-9+/=_-]{8,}/g;
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i;

/**
 * Free text for a log line (a message, an error message): URLs lose their user info and
 * secret query values, and anything shaped like one of our credentials is replaced.
 */
export function redactText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url.replace(USERINFO, `$1${REDACTED}@`)) as string).replace(CREDENTIAL, REDACTED);
}

/**
 * An error message for a log line (see `redactText`). PostgreSQL data exceptions (SQLSTATE
 * class 22) also quote the offending value at the end (`invalid input syntax for type uuid: "…"`):
 * that value is dropped.
 */
export function redactErrorMessage(message: unknown, code?: unknown): string {
  const text = redactText(typeof message === 'string' ? message : String(message ?? ''));
  if (typeof code === 'string' && code.startsWith('22')) return text.replace(/: "[\s\S]*"$/, `: "${REDACTED}"`);
  return text;
}

/** Fields of an error that say what went wrong without carrying request or row values. */
const SAFE_FIELDS = ['code', 'status', 'statusCode', 'errno', 'syscall', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  sql?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * An error as a log line may show it: kind, message, code, stack and the names (schema, table,
 * constraint) involved. TypeORM's `QueryFailedError` keeps its SQL text (our SQL carries values
 * only as parameters) and loses `parameters` and the driver error's `detail`, `where` and `hint`.
 * Accepts a raw error or one already serialized by pino (`{type, message, stack, …}`).
 */
export function safeErrorForLog(err: unknown, depth = 0): LoggedError | unknown {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? redactText(err) : err;
  const e = err as Record<string, unknown> & { raw?: unknown };
  // pino's serializer hands over its copy, with the original error under the non-enumerable `raw`.
  const raw = (e.raw && typeof e.raw === 'object' ? e.raw : e) as Record<string, unknown>;
  const driver = (raw.driverError && typeof raw.driverError === 'object' ? raw.driverError : {}) as Record<string, unknown>;
  const type =
    raw instanceof Error ? (raw.constructor as { name?: string } | undefined)?.name || raw.name || 'Error' : typeof raw.type === 'string' ? raw.type : 'Error';
  const code = raw.code ?? driver.code;
  const message = redactErrorMessage(raw.message, code);
  const out: LoggedError = { type, message };
  for (const field of SAFE_FIELDS) {
    const value = raw[field] ?? driver[field];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[field] = value;
  }
  const sql = typeof raw.query === 'string' ? raw.query : typeof raw.sql === 'string' ? raw.sql : undefined;
  if (sql !== undefined) out.sql = sql.length > 500 ? `${sql.slice(0, 500)}…` : sql;
  if (typeof raw.stack === 'string') {
    // The stack's first lines repeat the message: keep the frames under the redacted message.
    const frames = raw.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (raw.cause !== undefined && depth < 3) out.cause = safeErrorForLog(raw.cause, depth + 1) as LoggedError;
  return out;
}
