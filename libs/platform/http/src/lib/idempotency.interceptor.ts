import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthedRequest } from '@platform/auth';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, Observable } from 'rxjs';
import { fingerprintInput, IDEMPOTENT_METHODS, IdempotencyService } from './idempotency.service';
import { IDEMPOTENT_EFFECT, REPLAY_HEADERS, SECRET_RESPONSE } from './secret-response';

/**
 * `Idempotency-Key` header (or an `idempotency_key` body field) on a mutating request: the
 * first request runs and its successful response is stored; a repeat with the same key and
 * the same body gets the stored response (`Idempotent-Replayed: true`); the same key with
 * another body, or while the first is still running, is refused with 409. Failed requests
 * are not stored, so they can be retried with the same key. The response of a route marked
 * `@SecretResponse()` is stored encrypted, never in clear, and replayed decrypted; a replay carries the headers
 * `@ReplayHeaders()` derives from the stored body (the handler that sets them does not run). The rules
 * live in `IdempotencyService`, which callers without HTTP use too.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly reflector: Reflector,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & AuthedRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (!IDEMPOTENT_METHODS.has(req.method) || !req.auth) return next.handle();
    const header = req.headers['idempotency-key'];
    const bodyKey = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).idempotency_key : undefined;
    const key = typeof header === 'string' ? header : typeof bodyKey === 'string' ? bodyKey : undefined;
    if (key === undefined) return next.handle();
    const keyFrom = typeof header === 'string' ? 'header' : 'body';
    this.idempotency.checkKey(key, keyFrom);
    const secret = this.reflector.getAllAndOverride<boolean>(SECRET_RESPONSE, [ctx.getHandler(), ctx.getClass()]) === true;
    const effect = this.reflector.getAllAndOverride<string | undefined>(IDEMPOTENT_EFFECT, [ctx.getHandler(), ctx.getClass()]);
    const replayHeaders = this.reflector.getAllAndOverride<((body: unknown) => Record<string, string>) | undefined>(REPLAY_HEADERS, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    const call = {
      accountId: req.auth.accountId,
      key,
      keyFrom,
      fingerprint: fingerprintInput(req.method, req.path, req.body),
      secret,
      effect,
      request: req.body as unknown,
    } as const;
    return from(
      this.idempotency.run(
        call,
        () => lastValueFrom(next.handle(), { defaultValue: undefined }),
        () => res.statusCode,
      ),
    ).pipe(
      map((answer) => {
        if (answer.replayed) {
          res.status(answer.status);
          res.setHeader('Idempotent-Replayed', 'true');
          for (const [name, value] of Object.entries(replayHeaders?.(answer.body) ?? {})) res.setHeader(name, value);
        }
        return answer.body;
      }),
    );
  }
}
