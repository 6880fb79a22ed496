import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { DomainException } from '@platform/errors';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import { Account } from './account.entity';
import { ApiKey } from './api-key.entity';
import { AuthContext } from './auth-context';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';

/** The keys whose last use `ApiKeyService` remembers (see `touched`). */
export const TOUCHED_MAX = 10_000;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function randomToken(length = 40): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    // Rejection sampling keeps every character equally likely.
    if (bytes[i] < 248) out += BASE62[bytes[i] % 62];
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

export interface CreatedKey {
  key: string;
  record: ApiKey;
  account: Account;
}

@Injectable()
export class ApiKeyService {
  private readonly logger = new Logger('ApiKeys');
  /**
   * When each key's use was last recorded (the once-a-minute throttle of `touch`), bounded: past TOUCHED_MAX keys the
   * entries older than a minute (which throttle nothing) are dropped, and if every one is recent the map is emptied
   * (at worst one more `last_used_at` write per key). Issue 39: without a bound it kept every key ever used.
   */
  private readonly touched = new Map<string, number>();
  /** Verified keys by hash, with their expiry (see AuthOptions.cacheTtlMs). */
  private readonly verified = new Map<string, { ctx: AuthContext; keyId: string; until: number }>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
  ) {}

  async createAccount(name: string): Promise<Account> {
    const repo = this.ds.getRepository(Account);
    return repo.save(repo.create({ id: newId('acct'), name, settings: {} }));
  }

  async findAccountByName(name: string): Promise<Account | null> {
    return this.ds.getRepository(Account).findOne({ where: { name }, order: { createdAt: 'ASC' } });
  }

  async countAccounts(): Promise<number> {
    return this.ds.getRepository(Account).count();
  }

  async getAccount(id: string): Promise<Account | null> {
    return this.ds.getRepository(Account).findOneBy({ id });
  }

  validateScopes(scopes: string[]): void {
    const unknown = scopes.filter((s) => s !== '*' && !this.options.knownScopes.includes(s));
    if (unknown.length) {
      throw new DomainException('invalid_scope', `Unknown scope(s): ${unknown.join(', ')}. Known: ${this.options.knownScopes.join(', ')}`, 'invalid', {
        details: unknown.map((s) => ({ loc: ['scopes'], msg: `Unknown scope ${s}`, type: 'enum' })),
      });
    }
  }

  /** Creates a key; the returned `key` is the only time the secret exists outside the caller. */
  async createKey(accountId: string, opts: { name?: string; scopes?: string[] } = {}): Promise<CreatedKey> {
    const scopes = opts.scopes?.length ? [...new Set(opts.scopes)] : this.options.defaultScopes;
    this.validateScopes(scopes);
    const account = await this.getAccount(accountId);
    if (!account) throw new DomainException('not_found', `Account ${accountId} not found`, 'not_found');
    const key = `${this.options.keyPrefix}_live_${randomToken(40)}`;
    const repo = this.ds.getRepository(ApiKey);
    const record = await repo.save(
      repo.create({
        id: newId('key'),
        accountId,
        name: opts.name ?? 'default',
        prefix: key.slice(0, this.options.keyPrefix.length + 10),
        keyHash: hashSecret(key),
        scopes,
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    return { key, record, account };
  }

  async listKeys(accountId: string): Promise<ApiKey[]> {
    return this.ds.getRepository(ApiKey).find({ where: { accountId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const res = await this.ds.getRepository(ApiKey).update({ id: keyId, accountId, revokedAt: IsNull() }, { revokedAt: new Date() });
    for (const [hash, v] of this.verified) if (v.keyId === keyId) this.verified.delete(hash);
    return (res.affected ?? 0) > 0;
  }

  /** Resolves a presented key to its AuthContext, or null if unknown or revoked. */
  async verify(presented: string): Promise<AuthContext | null> {
    if (!presented.startsWith(`${this.options.keyPrefix}_`) || presented.length > 200) return null;
    const keyHash = hashSecret(presented);
    const now = Date.now();
    const cached = this.verified.get(keyHash);
    if (cached && cached.until > now) {
      this.touch(cached.keyId);
      return { ...cached.ctx, scopes: [...cached.ctx.scopes] };
    }
    const record = await this.ds.getRepository(ApiKey).findOneBy({ keyHash, revokedAt: IsNull() });
    if (!record) {
      this.verified.delete(keyHash);
      return null;
    }
    this.touch(record.id);
    const ctx: AuthContext = { accountId: record.accountId, credentialId: record.id, credentialType: 'api_key', scopes: record.scopes };
    const ttl = this.options.cacheTtlMs ?? 5000;
    if (ttl > 0) {
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(keyHash, { ctx: { ...ctx, scopes: [...ctx.scopes] }, keyId: record.id, until: now + ttl });
    }
    return ctx;
  }

  /** Records last use at most once a minute per key, off the request path. */
  private touch(id: string): void {
    const now = Date.now();
    if ((this.touched.get(id) ?? 0) > now - 60_000) return;
    if (this.touched.size >= TOUCHED_MAX) {
      for (const [key, at] of this.touched) if (at <= now - 60_000) this.touched.delete(key);
      if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
    }
    this.touched.set(id, now);
    this.ds
      .getRepository(ApiKey)
      .update({ id }, { lastUsedAt: new Date(now) })
      // Best effort (the request does not wait for it), but a failure is said: at most once a throttle window per key.
      .catch((e) => this.logger.warn(`Could not record the use of API key ${id}: ${(e as Error).message}`));
  }
}
