import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CredentialPresentation, CredentialRejectedError } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { REDIS_CLIENT } from '@platform/queue';
import type IORedis from 'ioredis';
import { createHash } from 'node:crypto';
import type { EntityConfig } from '../config';
import { DPOP_ALGORITHMS, verifyDpopProof } from './dpop-proof';

/** How many remembered proofs the in-memory replay cache holds before it drops the expired ones. */
const SWEEP_AT = 10_000;

/**
 * DPoP (RFC 9449) for access tokens on /api/v1: a token bound to a key (`cnf.jkt`) is accepted only
 * as `Authorization: DPoP <token>` with one valid proof signed by that key, each proof once. An
 * unbound token stays a Bearer credential. Proofs already seen are remembered (`jti`, per key) in
 * Redis when configured, so every replica refuses a replay; in memory when there is no Redis (or
 * while it does not answer: one replica's protection instead of none, as the rate limiter does).
 * No DPoP nonces: `use_dpop_nonce` is never asked for; freshness is the `iat` window plus the replay cache.
 */
@Injectable()
export class DpopService {
  private readonly logger = new Logger('DPoP');
  private readonly seen = new Map<string, number>();
  private readonly keyPrefix: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: IORedis | null,
  ) {
    this.keyPrefix = `${config.redis.prefix}:${config.service}:dpop-jti:`;
  }

  get algorithms(): readonly string[] {
    return DPOP_ALGORITHMS;
  }

  /**
   * Checks how `accessToken` was presented against its binding (`jkt`, undefined for an unbound
   * token). Throws CredentialRejectedError: `invalid_token` for the wrong scheme, `invalid_dpop_proof`
   * for a missing, invalid or replayed proof.
   */
  async confirm(accessToken: string, jkt: string | undefined, presented: CredentialPresentation): Promise<void> {
    if (!jkt) {
      if (presented.scheme === 'dpop')
        throw new CredentialRejectedError('invalid_token', 'This access token is not DPoP-bound: send it as Authorization: Bearer <token>');
      return;
    }
    if (presented.scheme !== 'dpop') {
      throw new CredentialRejectedError('invalid_token', 'This access token is DPoP-bound: send it as Authorization: DPoP <token> with a DPoP proof header');
    }
    if (presented.proofs.length !== 1) {
      throw new CredentialRejectedError(
        'invalid_dpop_proof',
        presented.proofs.length ? 'Send exactly one DPoP header' : 'A DPoP header with a proof is required',
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const { dpopMaxAgeSeconds: maxAgeSeconds, dpopMaxSkewSeconds: maxSkewSeconds } = this.config.oauth;
    const proof = await verifyDpopProof(presented.proofs[0], {
      method: presented.method,
      url: `${this.config.publicBaseUrl}${presented.path}`,
      accessToken,
      jkt,
      algorithms: DPOP_ALGORITHMS,
      now,
      maxAgeSeconds,
      maxSkewSeconds,
    });
    // Remembered for as long as the proof's iat keeps it acceptable.
    const ttlSeconds = Math.max(1, Math.ceil(proof.iat) + maxAgeSeconds - now + 1);
    if (!(await this.firstUse(`${jkt}:${proof.jti}`, ttlSeconds))) {
      throw new CredentialRejectedError('invalid_dpop_proof', 'DPoP proof replayed: its jti was used before');
    }
  }

  /** True the first time `id` is seen within `ttlSeconds`, false for a replay. */
  private async firstUse(id: string, ttlSeconds: number): Promise<boolean> {
    const key = createHash('sha256').update(id).digest('base64url');
    if (this.redis && this.redis.status === 'ready') {
      try {
        return (await this.redis.set(`${this.keyPrefix}${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
      } catch (err) {
        this.logger.warn(`DPoP replay cache: Redis did not answer (${(err as Error).message}); this replica remembers the proof alone`);
      }
    }
    return this.firstUseInMemory(key, ttlSeconds);
  }

  private firstUseInMemory(key: string, ttlSeconds: number): boolean {
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    if (this.seen.size >= SWEEP_AT) for (const [k, expires] of this.seen) if (expires <= now) this.seen.delete(k);
    this.seen.set(key, now + ttlSeconds * 1000);
    return true;
  }
}
