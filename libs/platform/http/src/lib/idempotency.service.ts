import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConflictError, DomainException, ValidationError } from '@platform/errors';
import { SecretsBox } from '@platform/outbound';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { IdempotencyRecord } from './idempotency-record.entity';

/** Stored responses are replayed for this long; after it the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** How long the write that closes a key is retried when the database refuses it, and the longest wait between tries. */
const CLOSE_RETRY_FOR_MS = 10 * 60 * 1000;
const CLOSE_RETRY_MAX_DELAY_MS = 5000;
/**
 * How long the process running a keyed request holds its key without renewing it, and how often it renews the keys it
 * holds. A process killed with -9 stops renewing: its keys lapse after IDEMPOTENCY_LEASE_MS instead of staying
 * "in progress" for IDEMPOTENCY_TTL_MS.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;
export const IDEMPOTENCY_RENEW_MS = 10_000;
/**
 * How long a repeat of a request still running under a live lease (a double submit, a retry after a client timeout)
 * waits for the first one's answer before it answers 409 `idempotency_in_progress`, and how often it looks. Without
 * the wait, the second of a double submit was told to come back when the lease would lapse (about 30 s) even when the
 * first answered 100 ms later: the 30-second p99 of the chaos soak with no fault at all (issue 39).
 */
export const IN_PROGRESS_WAIT_MS = 2_000;
const IN_PROGRESS_POLL_MS = 100;
/** Rows written before keys had leases (no `lease_until`) count as lapsed this long after they were created. */
const LEGACY_LEASE_MS = 10 * 60 * 1000;
/**
 * How often each process deletes expired keys (created more than IDEMPOTENCY_TTL_MS ago): a key is otherwise deleted
 * only when it is used again, so every fresh key (and its stored answer) stayed forever. Each wait is jittered by
 * ±50 % so replicas do not sweep in step. A run deletes at most SWEEP_MAX_BATCHES statements of SWEEP_BATCH rows; what
 * is left waits for the next run.
 */
export const IDEMPOTENCY_SWEEP_MS = 10 * 60 * 1000;
export const SWEEP_BATCH = 1000;
export const SWEEP_MAX_BATCHES = 20;
/**
 * Deletes the rows of `table` matching `where`, at most `limit` per statement (by `ctid`), again while a batch came back
 * full, at most `maxBatches` times; answers how many it deleted. For sweeps that must not hold a long lock.
 */
export async function deleteInBatches(ds: DataSource, table: string, where: string, limit: number, maxBatches: number): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const [, count] = (await ds.query(`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $1))`, [limit])) as [
      unknown,
      number,
    ];
    deleted += count;
    if (count < limit) break;
  }
  return deleted;
}

/**
 * Deletes, after the keys, rows that only matter while their key lives (such as the effects an `EffectLookup` reads):
 * at most `limit` per statement and `maxBatches` statements, answering how many it deleted. Registered with `onSweep`.
 */
export type SweepHook = (limit: number, maxBatches: number) => Promise<number>;
/**
 * The `IdempotentCall.effect` of an operation that stores nothing (its answer is all it makes, and a charge, if any, is
 * found by the claim's `ref` on its reservation): a key whose owner died is taken over and the request runs again, as
 * nothing tells it apart from a request that never ran. Its `EffectLookup` (always "nothing committed") is registered
 * by `IdempotencyService` itself, so every service can name it (`@IdempotentEffect(RERUN_EFFECT)`, `OperationSpec.effect`).
 */
export const RERUN_EFFECT = 'platform.rerun';

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
  /**
   * The `EffectLookup` (registered with `onLapsed`) that finds this operation's effect by its claim's `ref`. Only an
   * operation with one can be taken over once its owner's lease has lapsed; without one, a lapsed key keeps answering
   * 409 `idempotency_in_progress` until it expires, because nothing tells whether the dead owner committed its work.
   */
  effect?: string;
  /** The request's input (an HTTP body), handed to the `EffectLookup`: what the answer rebuilt from the effect depends on. */
  request?: unknown;
}

/**
 * The claim a keyed call's work runs under (see `currentIdempotencyClaim`). `ref` names this use of the key, the same
 * across a takeover and another after the key expired and was used again: an operation that records `ref` on its effect
 * (unique per account) lets a later owner find that effect (`EffectLookup`) and the database refuse a second one.
 */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  ref: string;
}

const claims = new AsyncLocalStorage<IdempotencyClaim>();

/** The claim of the keyed call whose work is running here, if any (set by `IdempotencyService.run` around the work). */
export const currentIdempotencyClaim = (): IdempotencyClaim | undefined => claims.getStore();

const refOf = (key: string, createdAt: Date) => `${createdAt.getTime()}:${key}`;

/**
 * Finds what a keyed call committed, by the claim's `ref` recorded on its effect, and answers the response the call
 * would have given (status and body, as the handler returns it), or null when nothing was committed. `request` is the
 * retry's input (the same request: its fingerprint matched), for an answer that depends on more than the effect.
 */
export type EffectLookup = (accountId: string, ref: string, request?: unknown) => Promise<{ status: number; body: unknown } | null>;

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
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private readonly refreshers: ReplayRefresher[] = [];
  private readonly lookups = new Map<string, EffectLookup>();
  /** Who holds a key this process runs (`owner`): host, pid and a random part, unique per process start. */
  readonly instanceId = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** The keys this process holds (work running, or its closing write still being retried): their leases are renewed. */
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;
  private readonly sweepHooks: { name: string; hook: SweepHook }[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly box: SecretsBox,
  ) {
    this.onLapsed(RERUN_EFFECT, async () => null);
  }

  /**
   * Registers a `ReplayRefresher` (a service registers its own when its module starts): every replay, through any
   * transport, runs the stored body through each in turn, so a replay hands back, e.g., a freshly signed URL.
   */
  onReplay(refresh: ReplayRefresher): void {
    this.refreshers.push(refresh);
  }

  /** Registers the `EffectLookup` named by `IdempotentCall.effect` (a service registers its own when its module starts). */
  onLapsed(effect: string, lookup: EffectLookup): void {
    this.lookups.set(effect, lookup);
  }

  /** Registers a `SweepHook` (a service registers its own when its module starts), run after each sweep of the keys. */
  onSweep(name: string, hook: SweepHook): void {
    this.sweepHooks.push({ name, hook });
  }

  onModuleInit(): void {
    this.stopped = false;
    this.renewal = setInterval(() => void this.renew(), IDEMPOTENCY_RENEW_MS);
    this.renewal.unref();
    this.scheduleSweep();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearInterval(this.renewal);
    clearTimeout(this.sweeper);
  }

  private scheduleSweep(): void {
    if (this.stopped) return;
    this.sweeper = setTimeout(() => void this.sweepExpired().finally(() => this.scheduleSweep()), IDEMPOTENCY_SWEEP_MS * (0.5 + Math.random()));
    this.sweeper.unref();
  }

  /**
   * Deletes expired keys (created more than IDEMPOTENCY_TTL_MS ago), `limit` rows per statement, repeating while a
   * statement deleted a full batch, at most `maxBatches` times; a key still in progress under a live lease stays. Then
   * runs the `onSweep` hooks. Answers how many keys it deleted. Never throws: a failure (the database away) is logged
   * and the next run tries again.
   */
  async sweepExpired(limit = SWEEP_BATCH, maxBatches = SWEEP_MAX_BATCHES): Promise<number> {
    const meta = this.ds.getMetadata(IdempotencyRecord);
    const table = meta.schema ? `"${meta.schema}"."${meta.tableName}"` : `"${meta.tableName}"`;
    let swept = 0;
    try {
      swept = await deleteInBatches(
        this.ds,
        table,
        `created_at < now() - interval '${IDEMPOTENCY_TTL_MS} milliseconds'
           AND NOT (state = 'in_progress' AND lease_until IS NOT NULL AND lease_until > now())`,
        limit,
        maxBatches,
      );
    } catch (err) {
      this.logger.warn(`Could not delete expired idempotency keys (${(err as Error).message}); the next sweep tries again`);
    }
    for (const { name, hook } of this.sweepHooks) {
      try {
        const n = await hook(limit, maxBatches);
        if (n > 0) this.logger.debug(`Swept ${n} expired rows of ${name}`);
      } catch (err) {
        this.logger.warn(`Could not sweep ${name} (${(err as Error).message}); the next sweep tries again`);
      }
    }
    if (swept > 0) this.logger.debug(`Swept ${swept} expired idempotency keys`);
    return swept;
  }

  /** The stored fingerprint of a request: `v2:` and the HMAC-SHA-256 of `fingerprintInput(...)`. */
  hashOf(fingerprint: string): string {
    return `${FINGERPRINT_PREFIX}${createHmac('sha256', this.box.derivedKey(FINGERPRINT_PURPOSE)).update(fingerprint).digest('hex')}`;
  }

  /** 422 unless the key is 1 to 255 characters. */
  checkKey(key: string, from: 'header' | 'body'): void {
    if (key.length < 1 || key.length > 255) {
      throw new ValidationError([{ loc: ['idempotency_key'], msg: 'Must be 1 to 255 characters', type: 'string_too_long' }], undefined, from);
    }
  }

  /**
   * Runs `fn` once per key; `status` reads the success status once `fn` has answered. While `fn` runs this process
   * holds the key under a lease it renews; a key whose owner stopped renewing (killed) is taken over by the next
   * retry when the operation has an `EffectLookup`: the effect found by the claim's `ref` completes the key with the
   * answer rebuilt from it, and when there is none the work runs here.
   */
  async run<T>(call: IdempotentCall, fn: () => Promise<T>, status: () => number, again = 1): Promise<IdempotentAnswer<T>> {
    const { accountId, key } = call;
    this.checkKey(key, call.keyFrom);
    const hash = this.hashOf(call.fingerprint);
    const claim = await this.claim(accountId, key, hash);
    if ('createdAt' in claim) return this.execute(call, refOf(key, claim.createdAt), fn, status);
    let existing = claim.existing;
    if (!sameRequest(existing.requestHash, hash, call.fingerprint)) {
      throw new ConflictError('This Idempotency-Key was already used with a different request; use a new key for a new request', 'idempotency_key_reused');
    }
    if (existing.state !== 'completed' && existing.leaseUntil && existing.leaseUntil.getTime() > Date.now()) {
      // The first request is running (its owner holds a live lease): its answer is usually a moment away.
      const now = await this.awaitAnswer(accountId, key, IN_PROGRESS_WAIT_MS);
      // Given back meanwhile (the first one failed): this one claims the key and runs, as a retry would.
      if (!now) {
        if (again > 0) return this.run(call, fn, status, again - 1);
      } else existing = now;
    }
    if (existing.state !== 'completed') {
      const lookup = call.effect ? this.lookups.get(call.effect) : undefined;
      const createdAt = lookup ? await this.takeOver(accountId, key) : null;
      if (!lookup || !createdAt) throw inProgress(existing.leaseUntil);
      return this.resume(call, refOf(key, createdAt), lookup, fn, status);
    }
    return { replayed: true, body: await this.refreshed(call, this.opened(call, existing.responseBody)), status: existing.responseStatus ?? 200 };
  }

  /**
   * Reads the key again every IN_PROGRESS_POLL_MS for up to `ms`: its row once completed, or as it is at the end (still in
   * progress), or null once it is gone (given back after a failure).
   */
  private async awaitAnswer(accountId: string, key: string, ms: number): Promise<IdempotencyRecord | null> {
    const repo = this.ds.getRepository(IdempotencyRecord);
    const end = Date.now() + ms;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
      const row = await repo.findOneBy({ accountId, key });
      if (!row || row.state === 'completed' || Date.now() >= end) return row;
    }
  }

  /** Runs the work of a key this process holds, then completes the key (or gives it back when the work failed). */
  private async execute<T>(call: IdempotentCall, ref: string, fn: () => Promise<T>, status: () => number): Promise<IdempotentAnswer<T>> {
    const { accountId, key } = call;
    const repo = this.ds.getRepository(IdempotencyRecord);
    const owner = this.instanceId;
    const held = heldId(accountId, key);
    this.held.add(held);
    let body: T;
    try {
      body = await claims.run({ accountId, key, ref }, fn);
    } catch (err) {
      void this.close(call, 'give the key back', () => repo.delete({ accountId, key, owner }));
      throw err;
    }
    const code = status();
    await this.close(call, 'complete the key', async () => {
      const done = await repo.update(
        { accountId, key, owner },
        { state: 'completed', responseStatus: code, responseBody: this.stored(call, body), leaseUntil: null },
      );
      // Another process took the key over: this one was stalled past its lease. Its effect is fenced by `ref`.
      if (done.affected === 0) this.logger.warn(`Key ${key} of account ${accountId} was taken over while this process ran it; its answer is not stored`);
    });
    return { replayed: false, body, status: code };
  }

  /** A key taken over from a dead owner: the effect it committed answers, or, when it committed none, the work runs here. */
  private async resume<T>(call: IdempotentCall, ref: string, lookup: EffectLookup, fn: () => Promise<T>, status: () => number): Promise<IdempotentAnswer<T>> {
    const { accountId, key } = call;
    const repo = this.ds.getRepository(IdempotencyRecord);
    let found: Awaited<ReturnType<EffectLookup>>;
    try {
      found = await lookup(accountId, ref, call.request);
    } catch (err) {
      // Let the next retry try again at once rather than after a lease.
      await repo.update({ accountId, key, owner: this.instanceId }, { leaseUntil: new Date(0) }).catch(() => undefined);
      throw err;
    }
    if (!found) {
      this.logger.warn(`Took over key ${key} of account ${accountId}: its owner's lease lapsed and its effect was not committed; running it again`);
      return this.execute(call, ref, fn, status);
    }
    this.logger.warn(`Completed key ${key} of account ${accountId} from its committed effect: its owner's lease lapsed before it stored the answer`);
    const stored = this.stored(call, found.body);
    await repo.update(
      { accountId, key, owner: this.instanceId },
      { state: 'completed', responseStatus: found.status, responseBody: stored as never, leaseUntil: null },
    );
    return { replayed: true, body: await this.refreshed(call, found.body), status: found.status };
  }

  private stored(call: IdempotentCall, body: unknown): never {
    const { accountId, key } = call;
    return (
      call.secret ? ({ sealed: this.box.seal(JSON.stringify(body ?? null), sealContext(accountId, key)) } satisfies SealedBody) : (body ?? null)
    ) as never;
  }

  private async refreshed(call: IdempotentCall, opened: unknown): Promise<unknown> {
    let body = opened;
    for (const refresh of this.refreshers) body = await refresh(call.accountId, body);
    return body;
  }

  /** Renews the lease of every key this process holds, in one statement. */
  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    try {
      await this.ds
        .getRepository(IdempotencyRecord)
        .createQueryBuilder()
        .update()
        .set({ leaseUntil: () => `now() + interval '${IDEMPOTENCY_LEASE_MS} milliseconds'` })
        .where(`owner = :owner AND state = 'in_progress'`, { owner: this.instanceId })
        .execute();
    } catch (err) {
      // The database is away: the closing writes wait for it too; the next renewal tries again.
      this.logger.debug(`Could not renew the leases of ${this.held.size} keys (${(err as Error).message})`);
    }
  }

  /** Takes a key over when its owner's lease has lapsed (one caller wins); answers its claim's `created_at`, or null. */
  private async takeOver(accountId: string, key: string): Promise<Date | null> {
    const res = await this.ds
      .getRepository(IdempotencyRecord)
      .createQueryBuilder()
      .update()
      .set({ owner: this.instanceId, leaseUntil: () => `now() + interval '${IDEMPOTENCY_LEASE_MS} milliseconds'` })
      .where(
        `account_id = :accountId AND key = :key AND state = 'in_progress' AND COALESCE(lease_until, created_at + interval '${LEGACY_LEASE_MS} milliseconds') < now()`,
        { accountId, key },
      )
      .returning('created_at')
      .execute();
    const row = returnedRows(res.raw)[0];
    return row ? new Date(row.created_at) : null;
  }

  /**
   * Writes what closes a key (completed after the work, removed after a failure). The work is done (or failed) by now:
   * when the database refuses the write (restarting, connection cut) the caller still gets the work's own answer and
   * the write is tried again in the background until the database takes it (for up to CLOSE_RETRY_FOR_MS), so a
   * database restart does not leave the key "in progress" (409 to every retry) for the whole IDEMPOTENCY_TTL_MS.
   */
  private async close(call: IdempotentCall, what: string, write: () => Promise<unknown>): Promise<void> {
    const held = heldId(call.accountId, call.key);
    try {
      await write();
      this.held.delete(held);
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
          this.held.delete(held);
          this.logger.log(`Could ${what} ${call.key} of account ${call.accountId} after ${i + 2} tries`);
          return;
        } catch {
          /* the database is still away: try again */
        }
      }
      this.held.delete(held);
      this.logger.error(`Gave up trying to ${what} ${call.key} of account ${call.accountId}: its lease lapses and a retry may take it over`);
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

  /** Inserts an in-progress record held by this process (answers its `created_at`), or returns the one that already holds the key. */
  private async claim(accountId: string, key: string, hash: string): Promise<{ createdAt: Date } | { existing: IdempotencyRecord }> {
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
      .values({
        accountId,
        key,
        requestHash: hash,
        state: 'in_progress',
        responseStatus: null,
        responseBody: null as never,
        owner: this.instanceId,
        leaseUntil: () => `now() + interval '${IDEMPOTENCY_LEASE_MS} milliseconds'`,
      })
      .orIgnore()
      .returning('created_at')
      .execute();
    const row = returnedRows(inserted.raw)[0];
    if (row) return { createdAt: new Date(row.created_at) };
    const existing = await repo.findOneBy({ accountId, key });
    // Gone between the insert and the read (given back after a failure): claim it again.
    return existing ? { existing } : this.claim(accountId, key, hash);
  }
}

/**
 * 409 `idempotency_in_progress`, with `Retry-After`: the seconds until the owner's lease would lapse (a retry then takes
 * the key over when the operation has an `EffectLookup`), at least 1; a lease already lapsed (an operation without a
 * lookup, or an owner stalled that may still come back) gets IDEMPOTENCY_RENEW_MS, the time an owner takes to renew.
 */
export function inProgress(leaseUntil: Date | null, now = Date.now()): DomainException {
  const left = leaseUntil ? Math.ceil((leaseUntil.getTime() - now) / 1000) : 0;
  const seconds = left >= 1 ? left : IDEMPOTENCY_RENEW_MS / 1000;
  return new DomainException('idempotency_in_progress', `A request with this Idempotency-Key is still in progress; retry in ${seconds} s`, 'conflict', {
    retryAfterSeconds: seconds,
  });
}

/** The rows of a RETURNING clause: TypeORM's PostgreSQL driver answers an UPDATE's as `[rows, count]`, an INSERT's as rows. */
const returnedRows = (raw: unknown): { created_at: Date }[] => (Array.isArray(raw) && Array.isArray(raw[0]) ? raw[0] : (raw as { created_at: Date }[]));

const heldId = (accountId: string, key: string) => `${accountId}\u0000${key}`;
