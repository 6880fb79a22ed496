import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConflictError, DomainException, ValidationError } from '@platform/errors';
import { SecretsBox } from '@platform/outbound';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { IdempotencyRecord } from './idempotency-record.entity';

/** Stored responses are replayed for this long; after it the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** How long the write that closes a key is retried when the database refuses it, and the longest wait between tries. */
const CLOSE_RETRY_FOR_MS = 10 * 60 * 1000;
const CLOSE_RETRY_MAX_DELAY_MS = 5000;
/** The methods an idempotency key applies to. */
export const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/** What a request is fingerprinted by: method, path (as sent, percent-encoded) and canonical body (without `idempotency_key`). */
export const fingerprintInput = (method: string, path: string, body: unknown) => `${method} ${path}\n${canonical(body ?? null)}`;

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

/** How a secret response is stored: its JSON, sealed by `SecretsBox`. */
interface SealedBody {
  sealed: string;
}

function isSealed(body: unknown): body is SealedBody {
  return !!body && typeof body === 'object' && Object.keys(body).length === 1 && typeof (body as SealedBody).sealed === 'string';
}

/** The ciphertext is bound to its row: copied to another account's or key's row, it does not open. */
const sealContext = (accountId: string, key: string) => `idempotency:${accountId}:${key}`;

/** One keyed call of an operation: who, which key (and where it was read, for the 422), what the request is. */
export interface IdempotentCall {
  accountId: string;
  key: string;
  /** Where the key came from: the `Idempotency-Key` header or the body's `idempotency_key` (the 422's `loc`). */
  keyFrom: 'header' | 'body';
  /** `fingerprintInput(method, path, body)` of the request. */
  fingerprint: string;
  /** The response carries a secret (`@SecretResponse()`): stored sealed, replayed opened. */
  secret: boolean;
}

/**
 * Brings a stored answer up to date before it is replayed (`IdempotencyService.onReplay`): what the service answers
 * for something a stored body names but that must not be replayed as stored, such as a signed URL whose expiry is
 * shorter than the replay window. Gets the opened body (a secret answer decrypted) and answers the body to send.
 */
export type ReplayRefresher = (accountId: string, body: unknown) => Promise<unknown>;

/** What a keyed call answers: the operation's own answer, or the stored one (`replayed`). */
export type IdempotentAnswer<T> = { replayed: false; body: T; status: number } | { replayed: true; body: unknown; status: number };

/**
 * Idempotency keys for every transport: the first call with a key runs and its successful answer (body and status)
 * is stored; a repeat with the same key and the same request gets the stored answer; the same key with another
 * request, or while the first is still running, is refused with 409. Failed calls are not stored, so they can be
 * retried with the same key. A secret answer is stored encrypted (see `SecretsBox`), never in clear, and replayed
 * decrypted. The request itself is never stored: only its fingerprint, an HMAC-SHA-256 under a key derived from
 * SECRETS_KEY, so a reader of the table cannot confirm a guess of a body (bodies carry credentials).
 * Used by the HTTP `IdempotencyInterceptor` and by callers without HTTP (creative's MCP tools and workflow steps).
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');
  private readonly refreshers: ReplayRefresher[] = [];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly box: SecretsBox,
  ) {}

  /**
   * Registers a `ReplayRefresher` (a service registers its own when its module starts): every replay, through any
   * transport, runs the stored body through each in turn, so a replay hands back, e.g., a freshly signed URL.
   */
  onReplay(refresh: ReplayRefresher): void {
    this.refreshers.push(refresh);
  }

  /** 422 unless the key is 1 to 255 characters. */
  checkKey(key: string, from: 'header' | 'body'): void {
    if (key.length < 1 || key.length > 255) {
      throw new ValidationError([{ loc: ['idempotency_key'], msg: 'Must be 1 to 255 characters', type: 'string_too_long' }], undefined, from);
    }
  }

  /** Runs `fn` once per key; `status` reads the success status once `fn` has answered. */
  async run<T>(call: IdempotentCall, fn: () => Promise<T>, status: () => number): Promise<IdempotentAnswer<T>> {
    const { accountId, key } = call;
    this.checkKey(key, call.keyFrom);
    const hash = `${FINGERPRINT_PREFIX}${createHmac('sha256', this.box.derivedKey(FINGERPRINT_PURPOSE)).update(call.fingerprint).digest('hex')}`;
    const repo = this.ds.getRepository(IdempotencyRecord);
    const existing = await this.claim(accountId, key, hash);
    if (!existing) {
      let body: T;
      try {
        body = await fn();
      } catch (err) {
        this.close(call, 'give the key back', () => repo.delete({ accountId, key }));
        throw err;
      }
      const code = status();
      const stored = call.secret ? ({ sealed: this.box.seal(JSON.stringify(body ?? null), sealContext(accountId, key)) } satisfies SealedBody) : (body ?? null);
      await this.close(call, 'complete the key', () =>
        repo.update({ accountId, key }, { state: 'completed', responseStatus: code, responseBody: stored as never }),
      );
      return { replayed: false, body, status: code };
    }
    if (!sameRequest(existing.requestHash, hash, call.fingerprint)) {
      throw new ConflictError('This Idempotency-Key was already used with a different request; use a new key for a new request', 'idempotency_key_reused');
    }
    if (existing.state !== 'completed') {
      throw new ConflictError('A request with this Idempotency-Key is still in progress; retry shortly', 'idempotency_in_progress');
    }
    let body = this.opened(call, existing.responseBody);
    for (const refresh of this.refreshers) body = await refresh(accountId, body);
    return { replayed: true, body, status: existing.responseStatus ?? 200 };
  }

  /**
   * Writes what closes a key (completed after the work, removed after a failure). The work is done (or failed) by now:
   * when the database refuses the write (restarting, connection cut) the caller still gets the work's own answer and
   * the write is tried again in the background until the database takes it (for up to CLOSE_RETRY_FOR_MS), so a
   * database restart does not leave the key "in progress" (409 to every retry) for the whole IDEMPOTENCY_TTL_MS.
   */
  private async close(call: IdempotentCall, what: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
      return;
    } catch (err) {
      this.logger.warn(`Could not ${what} ${call.key} of account ${call.accountId} (${(err as Error).message}); trying again in the background`);
    }
    const deadline = Date.now() + CLOSE_RETRY_FOR_MS;
    void (async () => {
      for (let i = 0; Date.now() < deadline; i++) {
        await new Promise((r) => setTimeout(r, Math.min(CLOSE_RETRY_MAX_DELAY_MS, 250 * 2 ** i)).unref());
        try {
          await write();
          this.logger.log(`Could ${what} ${call.key} of account ${call.accountId} after ${i + 2} tries`);
          return;
        } catch {
          /* the database is still away: try again */
        }
      }
      this.logger.error(`Gave up trying to ${what} ${call.key} of account ${call.accountId}: it answers 409 idempotency_in_progress until it expires`);
    })();
  }

  private opened(call: IdempotentCall, body: unknown): unknown {
    if (!call.secret || !isSealed(body)) return body;
    try {
      return JSON.parse(this.box.open(body.sealed, sealContext(call.accountId, call.key)));
    } catch (err) {
      if (err instanceof DomainException) throw err;
      throw new ConflictError(
        'The response stored for this Idempotency-Key can no longer be decrypted (SECRETS_KEY was replaced, or the stored row altered); use a new key',
        'idempotency_replay_unavailable',
      );
    }
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
