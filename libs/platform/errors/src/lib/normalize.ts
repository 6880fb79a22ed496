import { HttpException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainException, ErrorDetail, locatedDetails, messageOf } from './domain-exception';
import { statusOf } from './error-kinds';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-availability';

/** What every envelope is built from. */
export interface NormalizedError {
  status: number;
  code: string;
  message: string;
  details: ErrorDetail[];
  headers: Record<string, string>;
  extra: Record<string, unknown>;
  /** Set for 5xx: logged with the error and returned to the client so support can find it. */
  errorId?: string;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_error',
  429: 'rate_limited',
  503: 'unavailable',
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  limit?: number;
  message: string;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as BodyParserError).type === 'string' &&
    typeof ((err as BodyParserError).status ?? (err as BodyParserError).statusCode) === 'number'
  );
}

interface ExposedClientError {
  status?: number;
  statusCode?: number;
  expose: true;
  code?: unknown;
  message: string;
}

/** An http-errors 4xx (raised by the body parser's stream, the router) whose message is meant for the client. */
function isExposedClientError(err: unknown): err is ExposedClientError {
  if (typeof err !== 'object' || err === null || (err as ExposedClientError).expose !== true) return false;
  const status = (err as ExposedClientError).status ?? (err as ExposedClientError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Postgres errors that only a malformed value can cause are the client's fault, not ours. */
const PG_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  '22001': { status: 422, code: 'validation_error', message: 'A value is too long' },
  '22003': { status: 422, code: 'validation_error', message: 'A number is out of range' },
  '22P02': { status: 422, code: 'validation_error', message: 'A value has the wrong format' },
  '22021': { status: 422, code: 'validation_error', message: 'A value contains invalid characters' },
  '23505': { status: 409, code: 'conflict', message: 'A resource with these values already exists' },
};

/** Longest run of non-space characters an error message repeats from a request (ids, paths, values). */
export const ECHO_MAX_TOKEN = 64;
/** Longest error message (or detail message) a client gets. */
export const ECHO_MAX_MESSAGE = 512;
const LONG_TOKEN = new RegExp(`\\S{${ECHO_MAX_TOKEN + 1},}`, 'gu');

/**
 * Caps what an error message can echo of a request: every run of non-space characters longer than
 * 64 characters is cut to 64 and `…` (a 5,000-character id in a 404 reads `ent_aaaa…`), and the whole
 * message to 512. Applied to every error of every service, so no message has to remember it.
 */
export function capEcho(text: string): string {
  const cut = (chars: string[], max: number) => (chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join(''));
  return cut([...text.replace(LONG_TOKEN, (token) => cut([...token], ECHO_MAX_TOKEN))], ECHO_MAX_MESSAGE);
}

export function normalizeError(exception: unknown): NormalizedError {
  const e = normalize(exception);
  return { ...e, message: capEcho(e.message), details: e.details.map((d) => ({ ...d, msg: capEcho(d.msg) })) };
}

function normalize(exception: unknown): NormalizedError {
  if (exception instanceof DomainException) {
    const retryAfter: Record<string, string> = exception.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(exception.retryAfterSeconds) };
    return {
      status: statusOf(exception),
      code: exception.code,
      message: messageOf(exception),
      details: locatedDetails(exception),
      headers: { ...exception.headers, ...retryAfter },
      extra: exception.extra,
    };
  }
  if (isBodyParserError(exception)) {
    const status = exception.status ?? exception.statusCode ?? 400;
    if (exception.type === 'entity.parse.failed') {
      // `{detail, code}` like every other 400: the message says all there is to say (no `errors` beside it).
      return base(400, 'invalid_json', 'The request body is not valid JSON');
    }
    if (exception.type === 'entity.too.large') {
      return base(413, 'payload_too_large', `The request body is larger than the limit of ${exception.limit} bytes`);
    }
    if (exception.type === 'encoding.unsupported' || exception.type === 'charset.unsupported') {
      return base(415, 'unsupported_media_type', 'Unsupported body encoding or charset');
    }
    if (status < 500) return base(status, CODE_BY_STATUS[status] ?? 'bad_request', 'The request body could not be read');
  }
  if (isExposedClientError(exception)) {
    // http-errors marks messages safe to show with `expose` (a body that does not inflate: zlib's Z_DATA_ERROR).
    const status = exception.status ?? exception.statusCode!;
    const message = /^Z_/.test(String(exception.code)) ? 'The request body does not match its Content-Encoding' : exception.message;
    return base(status, CODE_BY_STATUS[status] ?? 'bad_request', message);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message = exception.message;
    if (typeof response === 'object' && response !== null && 'message' in response) {
      const m = (response as { message: unknown }).message;
      message = Array.isArray(m) ? m.join('; ') : String(m);
    }
    if (status === 404 && /^Cannot [A-Z]+ /.test(message)) {
      message = message.replace(/^Cannot ([A-Z]+) (.*)$/, 'No route for $1 $2');
    }
    if (status >= 500) return internal(exception);
    return base(status, CODE_BY_STATUS[status] ?? 'error', message);
  }
  const pgCode = (exception as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code;
  if (typeof pgCode === 'string' && PG_CLIENT_ERRORS[pgCode]) {
    const e = PG_CLIENT_ERRORS[pgCode];
    return base(e.status, e.code, e.message);
  }
  if (isDatabaseUnavailable(exception)) return databaseUnavailable();
  return internal(exception);
}

function base(status: number, code: string, message: string, details: ErrorDetail[] = []): NormalizedError {
  return { status, code, message, details, headers: {}, extra: {} };
}

/** The database is unreachable or restarting: the request's transaction failed, so nothing was changed; retry shortly. */
function databaseUnavailable(): NormalizedError {
  return {
    ...base(503, 'database_unavailable', 'The database is unreachable for the moment; nothing was changed, retry shortly'),
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    extra: { retry_after: DATABASE_RETRY_AFTER_SECONDS },
  };
}

function internal(_exception: unknown): NormalizedError {
  const errorId = randomUUID();
  return {
    ...base(500, 'internal_error', `Internal error; reference ${errorId}`),
    errorId,
  };
}
