import type { BaseConfig } from '@platform/config';
import type IORedis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * A rate-limiter-flexible limiter in Redis when there is one (every replica shares its counts; an
 * in-memory limiter answers while Redis does not), in memory otherwise.
 */
export function sharedLimiter(redis: IORedis | null | undefined, opts: { points: number; duration: number; keyPrefix: string }): RateLimiterAbstract {
  return redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) }) : new RateLimiterMemory(opts);
}

export interface FailureCounterOptions {
  /** Part of the key prefix, e.g. `login-email`. */
  name: string;
  /** Failures allowed per key in one window; the next attempt waits for the window's end. */
  limit: number;
  windowSeconds: number;
}

/**
 * Failed attempts per key (an email, a client address) in fixed windows: in Redis when configured,
 * so every replica shares one count (with an in-memory count while Redis does not answer), in
 * memory otherwise. Used for the login pages and for failed API credentials.
 */
export class FailureCounter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    config: Pick<BaseConfig, 'service' | 'redis'>,
    redis: IORedis | null | undefined,
    readonly options: FailureCounterOptions,
  ) {
    this.limiter = sharedLimiter(redis, {
      points: options.limit,
      duration: options.windowSeconds,
      keyPrefix: `${config.redis.prefix}:${config.service}:${options.name}`,
    });
  }

  /** Seconds `key` must wait before its next attempt counts, or 0 when it may try now. */
  async retryAfter(key: string): Promise<number> {
    const state = await this.limiter.get(key);
    return state && state.consumedPoints >= this.options.limit ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  /** Counts one failure; returns the failures of `key` in the current window. */
  async fail(key: string): Promise<number> {
    return (await this.limiter.penalty(key, 1)).consumedPoints;
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
