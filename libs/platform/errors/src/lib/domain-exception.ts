/** One problem with a request, FastAPI style: where (`loc`), what (`msg`) and its kind (`type`). */
export interface ErrorDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export interface DomainExceptionOptions {
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  /** Extra top-level fields for the envelope, e.g. `retry_after`. */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one exception type services throw. `code` is a stable string clients can branch on;
 * the service's exception filter maps it to its HTTP status and envelope.
 */
export class DomainException extends Error {
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    options: DomainExceptionOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

export class NotFoundError extends DomainException {
  constructor(message = 'Resource not found', code = 'not_found') {
    super(code, message, 404);
  }
}

export class UnauthorizedError extends DomainException {
  constructor(message = 'Missing or invalid credentials', code = 'unauthorized', headers?: Record<string, string>) {
    super(code, message, 401, { headers });
  }
}

export class ForbiddenError extends DomainException {
  constructor(message = 'Not allowed', code = 'forbidden', headers?: Record<string, string>) {
    super(code, message, 403, { headers });
  }
}

export class InsufficientScopeError extends DomainException {
  constructor(readonly required: string[]) {
    super('insufficient_scope', `This credential lacks the scope ${required.join(' or ')}`, 403, {
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${required.join(' ')}"` },
      extra: { required_scopes: required },
    });
  }
}

export class ConflictError extends DomainException {
  constructor(message: string, code = 'conflict', extra?: Record<string, unknown>) {
    super(code, message, 409, { extra });
  }
}

export class ValidationError extends DomainException {
  constructor(details: ErrorDetail[], message?: string) {
    super('validation_error', message ?? summarize(details), 422, { details });
  }
}

export class RateLimitedError extends DomainException {
  constructor(
    readonly retryAfterSeconds: number,
    headers: Record<string, string> = {},
    message = `Rate limit exceeded; retry in ${retryAfterSeconds} s`,
  ) {
    super('rate_limited', message, 429, {
      headers: { ...headers, 'Retry-After': String(retryAfterSeconds) },
      extra: { retry_after: retryAfterSeconds },
    });
  }
}

export function summarize(details: ErrorDetail[]): string {
  if (details.length === 0) return 'Invalid request';
  const parts = details.slice(0, 3).map((d) => `${d.loc.filter((l) => l !== 'body').join('.') || d.loc.join('.')}: ${d.msg}`);
  return `Invalid request: ${parts.join('; ')}${details.length > 3 ? ` (and ${details.length - 3} more)` : ''}`;
}
