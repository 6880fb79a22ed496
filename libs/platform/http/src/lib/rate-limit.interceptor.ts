import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthedRequest, IS_PUBLIC, sharedLimiter } from '@platform/auth';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { RateLimitedError } from '@platform/errors';
import { REDIS_CLIENT } from '@platform/queue';
import type { Request, Response } from 'express';
import type IORedis from 'ioredis';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { from, Observable, switchMap } from 'rxjs';
import { SKIP_RATE_LIMIT } from './skip-rate-limit';

/**
 * Fixed one-minute windows per credential (per client IP on public routes). Backed by Redis
 * when configured, so every replica shares one count; in memory otherwise. Sets
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) on every
 * counted response, and `Retry-After` on 429.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  private readonly limiter: RateLimiterAbstract;
  private readonly limit: number;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: BaseConfig,
    @Optional() @Inject(REDIS_CLIENT) redis: IORedis | null,
  ) {
    this.limit = config.rateLimitPerMinute;
    this.limiter = sharedLimiter(redis, { points: this.limit, duration: 60, keyPrefix: `${config.redis.prefix}:${config.service}:rl` });
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets)) return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & AuthedRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const key = req.auth ? `cred:${req.auth.credentialId}` : isPublic ? `ip:${req.ip}` : undefined;
    if (!key) return next.handle();
    return from(this.consume(key, res)).pipe(switchMap(() => next.handle()));
  }

  private async consume(key: string, res: Response): Promise<void> {
    let state: RateLimiterRes;
    let limited = false;
    try {
      state = await this.limiter.consume(key, 1);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      state = rejection;
      limited = true;
    }
    const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    const headers = {
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
      'X-RateLimit-Reset': String(Math.ceil((Date.now() + state.msBeforeNext) / 1000)),
    };
    if (limited) throw new RateLimitedError(resetSeconds, headers);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  }
}
