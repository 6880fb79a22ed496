/**
 * One problem with an input, FastAPI style: where (`loc`), what (`msg`) and its kind (`type`). A service gives `loc`
 * relative to its own input (`['title']`, `['ops', 2, 'width']`); the edge that called it says where that input came
 * from (see `DomainException.source` and `atInput`) and prefixes it.
 */
export interface ErrorDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * What went wrong, in the service's terms. The edge maps each kind to its transport's answer (REST: `STATUS_BY_KIND`
 * in `error-kinds.ts`); a service never names a status.
 */
export type ErrorKind =
  /** The input breaks a rule (a field, a combination, a referenced thing of the wrong type). */
  | 'invalid'
  /** The request itself cannot be taken as sent (an aborted upload, a signature that does not verify). */
  | 'malformed'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** The caller's condition on the resource's state (If-Match) does not hold. */
  | 'precondition_failed'
  | 'too_large'
  | 'unsupported_media_type'
  /** A part asked for (a byte range) lies outside the resource. */
  | 'out_of_range'
  | 'too_many'
  /** A service this one depends on refused or answered nonsense. */
  | 'upstream_failed'
  /** Cannot serve now (overloaded, not configured, a dependency unreachable); trying later may work. */
  | 'unavailable'
  | 'timeout';

/**
 * Where the input a detail's `loc` is relative to came from, set by the edge (`atInput`) or by the edge's own
 * validation; without it, the input is the request's body (REST, and MCP tools, which mirror REST).
 */
export type InputSource = 'body' | 'query' | 'path' | 'header';

export interface DomainExceptionOptions {
  details?: ErrorDetail[];
  /** Protocol headers an auth edge adds (`WWW-Authenticate`). */
  headers?: Record<string, string>;
  /** Extra top-level fields for the envelope, e.g. `retry_after`. */
  extra?: Record<string, unknown>;
  /** Seconds after which trying again may work (REST: the `Retry-After` header). */
  retryAfterSeconds?: number;
  source?: InputSource;
  cause?: unknown;
}

/**
 * The one exception type services throw. `code` is a stable string clients can branch on, `kind` what went wrong;
 * the service's exception filter (or the MCP tool wrapper) maps the kind to its status and envelope.
 */
export class DomainException extends Error {
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;
  readonly retryAfterSeconds?: number;
  /** Where the details' input came from; set once, by the innermost edge that knows (`atInput`). */
  source?: InputSource;

  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind = 'malformed',
    options: DomainExceptionOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.source = options.source;
  }
}

export class NotFoundError extends DomainException {
  constructor(message = 'Resource not found', code = 'not_found') {
    super(code, message, 'not_found');
  }
}

export class UnauthorizedError extends DomainException {
  constructor(message = 'Missing or invalid credentials', code = 'unauthorized', headers?: Record<string, string>) {
    super(code, message, 'unauthorized', { headers });
  }
}

export class ForbiddenError extends DomainException {
  constructor(message = 'Not allowed', code = 'forbidden', headers?: Record<string, string>) {
    super(code, message, 'forbidden', { headers });
  }
}

export class InsufficientScopeError extends DomainException {
  constructor(readonly required: string[]) {
    super('insufficient_scope', `This credential lacks the scope ${required.join(' or ')}`, 'forbidden', {
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${required.join(' ')}"` },
      extra: { required_scopes: required },
    });
  }
}

export class ConflictError extends DomainException {
  constructor(message: string, code = 'conflict', extra?: Record<string, unknown>) {
    super(code, message, 'conflict', { extra });
  }
}

/**
 * Input that breaks a rule, with one detail per problem (`loc` relative to the thrower's input). Without a message,
 * the message summarises the details as the client sees them (located: see `messageOf`).
 */
export class ValidationError extends DomainException {
  /** The message given to the constructor, if any (else the edge summarises the located details). */
  readonly givenMessage?: string;

  constructor(details: ErrorDetail[], message?: string, source?: InputSource) {
    super('validation_error', message ?? summarize(details), 'invalid', { details, source });
    this.givenMessage = message;
  }
}

export class RateLimitedError extends DomainException {
  constructor(
    override readonly retryAfterSeconds: number,
    headers: Record<string, string> = {},
    message = `Rate limit exceeded; retry in ${retryAfterSeconds} s`,
  ) {
    super('rate_limited', message, 'too_many', { headers, retryAfterSeconds, extra: { retry_after: retryAfterSeconds } });
  }
}

export function summarize(details: ErrorDetail[]): string {
  if (details.length === 0) return 'Invalid request';
  const parts = details.slice(0, 3).map((d) => `${d.loc.filter((l) => l !== 'body').join('.') || d.loc.join('.')}: ${d.msg}`);
  return `Invalid request: ${parts.join('; ')}${details.length > 3 ? ` (and ${details.length - 3} more)` : ''}`;
}

/** `details` with their `loc` prefixed by where `e`'s input came from (`body` unless an edge said otherwise). */
export function locatedDetails(e: DomainException): ErrorDetail[] {
  const source = e.source ?? 'body';
  return e.details.map((d) => ({ ...d, loc: [source, ...d.loc] }));
}

/** `e`'s message as the client reads it: a ValidationError without its own message summarises its located details. */
export function messageOf(e: DomainException): string {
  return e instanceof ValidationError && e.givenMessage === undefined ? summarize(locatedDetails(e)) : e.message;
}

/**
 * Runs `fn` (a service call an edge makes with input from `source`: the query string, the URL's path) so that the
 * locations of the errors it throws are read as relative to that input. An error that already knows its source keeps it.
 */
export async function atInput<T>(source: InputSource, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainException && err.source === undefined) err.source = source;
    throw err;
  }
}

/**
 * `atInput` for a call whose input comes from two places: an error whose details all lie under one of the `named`
 * inputs (`{ node_id: 'path' }`: the service says `['node_id']`) came from that input's source, any other error from
 * `source` (the query string, the body). An error that already knows its source keeps it.
 */
export async function atInputs<T>(named: Record<string, InputSource>, source: InputSource, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainException && err.source === undefined) {
      const sources = new Set(err.details.map((d) => (typeof d.loc[0] === 'string' && Object.hasOwn(named, d.loc[0]) ? named[d.loc[0]] : source)));
      err.source = sources.size === 1 ? [...sources][0] : source;
    }
    throw err;
  }
}
