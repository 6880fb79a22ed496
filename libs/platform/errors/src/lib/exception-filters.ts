import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { adaptCode, creativeEnvelope, EnvelopeStyle, entityEnvelope, messagingEnvelope } from './envelopes';
import { redactUrl, safeErrorForLog } from './log-redaction';
import { capEcho, normalizeError, type NormalizedError } from './normalize';

const logger = new Logger('Errors');

/**
 * Writes any thrown value as the service's envelope. A 500 logs the cause under an error id (a 503
 * `database_unavailable` logs it as a warning),
 * without request or row values (see `safeErrorForLog`).
 */
export function writeError(exception: unknown, req: Request, res: Response, style: EnvelopeStyle): void {
  const e = adaptCode(wrongMethod(exception, req) ?? normalizeError(exception), style);
  if (e.errorId) {
    logger.error({ err: safeErrorForLog(exception), errorId: e.errorId, method: req.method, url: redactUrl(req.originalUrl) }, `Unhandled error ${e.errorId}`);
  } else if (e.code === 'database_unavailable') {
    // No error id for the client (it is told to retry), but operators still see why the database was away.
    logger.warn({ err: safeErrorForLog(exception), method: req.method, url: redactUrl(req.originalUrl) }, 'Database unavailable: answered 503');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
  res.status(e.status).json(style.body(e));
}

/** More methods than any controller route declares: Express 5's `all()` registers each of `http.METHODS`. */
const EVERY_METHOD = 10;

interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match?(path: string): unknown;
  regexp?: RegExp;
}

/** The methods the app's routes answer on `path` (Express 5's router; Express 4's as a fallback), HEAD with GET. */
export function allowedMethods(req: Request): string[] {
  const app = req.app as unknown as { router?: { stack?: RouterLayer[] }; _router?: { stack?: RouterLayer[] } } | undefined;
  const stack = app?.router?.stack ?? app?._router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    // A route for every method (Express 5's `app.all`, which Nest uses to mount middleware on exact paths) is no answer.
    if (!layer.route || layer.route.methods['_all'] || Object.keys(layer.route.methods).length >= EVERY_METHOD) continue;
    const matches = typeof layer.match === 'function' ? Boolean(layer.match(req.path)) : Boolean(layer.regexp?.test(req.path));
    if (!matches) continue;
    for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') methods.add(m.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * Nest's "no route" 404 for a path that exists with other methods: 405 `method_not_allowed` with `Allow` (RFC 9110
 * §15.5.6), so `POST /v1/brand-kit` says which methods the path takes instead of claiming there is no such path.
 */
function wrongMethod(exception: unknown, req: Request): NormalizedError | undefined {
  if (!(exception instanceof NotFoundException) || !/^Cannot [A-Z]+ /.test(exception.message)) return undefined;
  const allow = allowedMethods(req);
  if (!allow.length) return undefined;
  return {
    status: 405,
    code: 'method_not_allowed',
    message: capEcho(`${req.method} is not allowed on ${req.path}: it answers ${allow.join(', ')}`),
    details: [],
    headers: { Allow: allow.join(', ') },
    extra: {},
  };
}

/** Express error middleware for errors raised before Nest's router (body parsing). */
export function expressErrorHandler(style: EnvelopeStyle) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => writeError(err, req, res, style);
}

abstract class EnvelopeExceptionFilter implements ExceptionFilter {
  protected abstract readonly style: EnvelopeStyle;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    writeError(exception, http.getRequest<Request>(), http.getResponse<Response>(), this.style);
  }
}

@Catch()
export class CreativeExceptionFilter extends EnvelopeExceptionFilter {
  protected readonly style = creativeEnvelope;
}

@Catch()
export class MessagingExceptionFilter extends EnvelopeExceptionFilter {
  protected readonly style = messagingEnvelope;
}

@Catch()
export class EntityExceptionFilter extends EnvelopeExceptionFilter {
  protected readonly style = entityEnvelope;
}

export const ENVELOPES = {
  creative: { style: creativeEnvelope, filter: CreativeExceptionFilter },
  messaging: { style: messagingEnvelope, filter: MessagingExceptionFilter },
  entity: { style: entityEnvelope, filter: EntityExceptionFilter },
} as const;
