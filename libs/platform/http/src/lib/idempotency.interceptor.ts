import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuthedRequest } from '@platform/auth';
import { ConflictError, DomainException, ValidationError } from '@platform/errors';
import { SecretsBox } from '@platform/outbound';
import type { Request, Response } from 'express';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { catchError, concatMap, from, map, Observable, of, switchMap, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { IdempotencyRecord } from './idempotency-record.entity';
import { SECRET_RESPONSE } from './secret-response';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Stored responses are replayed for this long; after it the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => k !== 'idempotency_key')
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a request is fingerprinted by: method, path and canonical body (without `idempotency_key`). */
const fingerprintInput = (req: Request) => `${req.method} ${req.path}\n${canonical(req.body ?? null)}`;

/** Fingerprints written since they are keyed: `v2:` and the hex HMAC-SHA-256. */
const FINGERPRINT_PREFIX = 'v2:';
/** The SecretsBox purpose of the fingerprint key. */
const FINGERPRINT_PURPOSE = 'idempotency-request-fingerprint';

/**
 * Whether a stored fingerprint is this request's. Rows written before fingerprints were keyed hold the plain SHA-256
 * (64 hex characters, no prefix): they are compared as such, so a retry in flight across the deploy still replays
 * (such rows are gone 24 hours after it); every row written now is keyed.
 */
function sameRequest(stored: string, keyed: string, input: string): boolean {
  const expected = stored.startsWith(FINGERPRINT_PREFIX) ? keyed : createHash('sha256').update(input).digest('hex');
  const a = Buffer.from(stored);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How a `@SecretResponse()` route's response is stored: its JSON, sealed by `SecretsBox`. */
interface SealedBody {
  sealed: string;
}

function isSealed(body: unknown): body is SealedBody {
  return !!body && typeof body === 'object' && Object.keys(body).length === 1 && typeof (body as SealedBody).sealed === 'string';
}

/** The ciphertext is bound to its row: copied to another account's or key's row, it does not open. */
const sealContext = (accountId: string, key: string) => `idempotency:${accountId}:${key}`;

/**
 * `Idempotency-Key` header (or an `idempotency_key` body field) on a mutating request: the
 * first request runs and its successful response is stored; a repeat with the same key and
 * the same body gets the stored response (`Idempotent-Replayed: true`); the same key with
 * another body, or while the first is still running, is refused with 409. Failed requests
 * are not stored, so they can be retried with the same key. The response of a route marked
 * `@SecretResponse()` is stored encrypted (see `SecretsBox`), never in clear, and replayed decrypted.
 * The request itself is never stored: only its fingerprint, an HMAC-SHA-256 under a key derived from
 * SECRETS_KEY, so a reader of the table cannot confirm a guess of a body (bodies carry credentials).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reflector: Reflector,
    private readonly box: SecretsBox,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request & AuthedRequest>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (!MUTATING.has(req.method) || !req.auth) return next.handle();
    const header = req.headers['idempotency-key'];
    const bodyKey = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).idempotency_key : undefined;
    const key = typeof header === 'string' ? header : typeof bodyKey === 'string' ? bodyKey : undefined;
    if (key === undefined) return next.handle();
    if (key.length < 1 || key.length > 255) {
      throw new ValidationError([
        { loc: [typeof header === 'string' ? 'header' : 'body', 'idempotency_key'], msg: 'Must be 1 to 255 characters', type: 'string_too_long' },
      ]);
    }
    const accountId = req.auth.accountId;
    const input = fingerprintInput(req);
    const hash = `${FINGERPRINT_PREFIX}${createHmac('sha256', this.box.derivedKey(FINGERPRINT_PURPOSE)).update(input).digest('hex')}`;
    const repo = this.ds.getRepository(IdempotencyRecord);
    const secret = this.reflector.getAllAndOverride<boolean>(SECRET_RESPONSE, [ctx.getHandler(), ctx.getClass()]) === true;
    const stored = (body: unknown): unknown =>
      secret ? ({ sealed: this.box.seal(JSON.stringify(body ?? null), sealContext(accountId, key)) } satisfies SealedBody) : (body ?? null);
    const replayed = (body: unknown): unknown => {
      if (!secret || !isSealed(body)) return body;
      try {
        return JSON.parse(this.box.open(body.sealed, sealContext(accountId, key)));
      } catch (err) {
        if (err instanceof DomainException) throw err;
        throw new ConflictError(
          "The response stored for this Idempotency-Key can no longer be decrypted (SECRETS_KEY was replaced, or the stored row altered); use a new key",
          'idempotency_replay_unavailable',
        );
      }
    };

    return from(this.claim(accountId, key, hash)).pipe(
      switchMap((existing) => {
        if (!existing) {
          return next.handle().pipe(
            concatMap((body) =>
              from(
                repo.update({ accountId, key }, { state: 'completed', responseStatus: res.statusCode, responseBody: stored(body) as never }),
              ).pipe(map(() => body)),
            ),
            catchError((err) => from(repo.delete({ accountId, key })).pipe(switchMap(() => throwError(() => err)))),
          );
        }
        if (!sameRequest(existing.requestHash, hash, input)) {
          throw new ConflictError(
            'This Idempotency-Key was already used with a different request; use a new key for a new request',
            'idempotency_key_reused',
          );
        }
        if (existing.state !== 'completed') {
          throw new ConflictError('A request with this Idempotency-Key is still in progress; retry shortly', 'idempotency_in_progress');
        }
        const body = replayed(existing.responseBody);
        res.status(existing.responseStatus ?? 200);
        res.setHeader('Idempotent-Replayed', 'true');
        return of(body);
      }),
    );
  }

  /** Inserts an in-progress record, or returns the one that already holds the key. */
  private async claim(accountId: string, key: string, hash: string): Promise<IdempotencyRecord | null> {
    const repo = this.ds.getRepository(IdempotencyRecord);
    // Expired records give their key back.
    await repo
      .createQueryBuilder()
      .delete()
      .where('account_id = :accountId AND key = :key AND created_at < :cutoff', {
        accountId,
        key,
        cutoff: new Date(Date.now() - IDEMPOTENCY_TTL_MS),
      })
      .execute();
    const inserted = await repo
      .createQueryBuilder()
      .insert()
      .values({ accountId, key, requestHash: hash, state: 'in_progress', responseStatus: null, responseBody: null as never })
      .orIgnore()
      .returning(['key'])
      .execute();
    if (inserted.raw.length > 0) return null;
    return repo.findOneBy({ accountId, key });
  }
}
