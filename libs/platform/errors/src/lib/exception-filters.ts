import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { adaptCode, creativeEnvelope, EnvelopeStyle, entityEnvelope, messagingEnvelope } from './envelopes';
import { redactUrl, safeErrorForLog } from './log-redaction';
import { normalizeError } from './normalize';

const logger = new Logger('Errors');

/**
 * Writes any thrown value as the service's envelope. A 500 logs the cause under an error id,
 * without request or row values (see `safeErrorForLog`).
 */
export function writeError(exception: unknown, req: Request, res: Response, style: EnvelopeStyle): void {
  const e = adaptCode(normalizeError(exception), style);
  if (e.errorId) {
    logger.error({ err: safeErrorForLog(exception), errorId: e.errorId, method: req.method, url: redactUrl(req.originalUrl) }, `Unhandled error ${e.errorId}`);
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
  res.status(e.status).json(style.body(e));
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
