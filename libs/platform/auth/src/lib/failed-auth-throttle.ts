import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { RateLimitedError } from '@platform/errors';
import { REDIS_CLIENT } from '@platform/queue';
import type IORedis from 'ioredis';
import { hashSecret } from './api-key.service';
import { FailureCounter } from './failure-counter';

/**
 * Failed credentials per client address (`AUTH_FAILURES_PER_ADDRESS` distinct wrong credentials per
 * `AUTH_FAILURE_WINDOW_SECONDS`): past the limit, every request from that address that presents a
 * credential answers 429 until the window ends, valid credentials included, so guessing learns
 * nothing. The same wrong credential presented again (a client retrying with a revoked key) counts
 * once, so one misconfigured client does not lock out everyone behind the same proxy.
 */
@Injectable()
export class FailedAuthThrottle {
  private readonly addresses?: FailureCounter;
  private readonly credentials?: FailureCounter;

  constructor(@Inject(APP_CONFIG) config: BaseConfig, @Optional() @Inject(REDIS_CLIENT) redis?: IORedis | null) {
    const { perAddress, windowSeconds } = config.authFailures;
    if (perAddress === 0) return;
    this.addresses = new FailureCounter(config, redis, { name: 'auth-fail-ip', limit: perAddress, windowSeconds });
    // One point per (address, credential): the first failure of a credential from an address is the one that counts.
    this.credentials = new FailureCounter(config, redis, { name: 'auth-fail-cred', limit: 1, windowSeconds });
  }

  /** Refuses (429, `Retry-After`) an address that presented too many wrong credentials in this window. */
  async check(address: string): Promise<void> {
    const wait = (await this.addresses?.retryAfter(address)) ?? 0;
    if (wait > 0) {
      throw new RateLimitedError(wait, {}, `Too many failed credentials from this address; retry in ${wait} s`);
    }
  }

  /** Counts a wrong credential presented from `address` (once per distinct credential and window). */
  async failed(address: string, credential: string): Promise<void> {
    if (!this.addresses || !this.credentials) return;
    if ((await this.credentials.fail(`${address}:${hashSecret(credential)}`)) === 1) await this.addresses.fail(address);
  }
}
