import { Inject, Injectable, Optional } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { FailureCounter, hashSecret, randomToken } from '@platform/auth';
import { DomainException } from '@platform/errors';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { REDIS_CLIENT } from '@platform/queue';
import type IORedis from 'ioredis';
import { AccountsRepository, type UserRow } from './accounts.repository';

export interface User {
  id: string;
  accountId: string;
  email: string;
  name: string;
}

export const SESSION_TTL_MS = 7 * 24 * 3600_000;
/** Failed logins allowed per email, and per client address, in 15 minutes. */
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;
const FAILURE_WINDOW_S = 15 * 60;

const toUser = (r: UserRow): User => ({ id: r.id, accountId: r.account_id, email: r.email, name: r.name });

/** People who log in: each user owns one account (tenant) and the entities in it. */
@Injectable()
export class AccountsService {
  /** Failed logins per email and per client address: in Redis when configured (shared by replicas), else in memory. */
  private readonly failures: { email: FailureCounter; ip: FailureCounter };

  constructor(
    private readonly repo: AccountsRepository,
    @Inject(APP_CONFIG) config: BaseConfig,
    @Optional() @Inject(REDIS_CLIENT) redis: IORedis | null,
  ) {
    const make = (limit: number, name: string) => new FailureCounter(config, redis, { name: `login-${name}`, limit, windowSeconds: FAILURE_WINDOW_S });
    this.failures = { email: make(MAX_FAILURES_PER_EMAIL, 'email'), ip: make(MAX_FAILURES_PER_IP, 'ip') };
  }

  async signUp(input: { email: string; password: string; name?: string }): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainException('invalid_email', 'Enter a valid email address', 'invalid');
    if (input.password.length < 10) throw new DomainException('weak_password', 'The password needs at least 10 characters', 'invalid');
    const name = input.name?.trim() || email.split('@')[0];
    const passwordHash = await hash(input.password);
    const user = await this.repo.createAccountWithUser({ email, name, passwordHash });
    if (!user) throw new DomainException('email_taken', 'An account with this email already exists', 'conflict');
    return toUser(user);
  }

  /** Checks email and password, throttled per email and per client address. */
  async logIn(emailInput: string, password: string, ip: string): Promise<User> {
    const email = emailInput.trim().toLowerCase();
    const checks = [
      { counter: this.failures.email, key: email },
      { counter: this.failures.ip, key: ip },
    ];
    for (const { counter, key } of checks) {
      const wait = await counter.retryAfter(key);
      if (wait > 0) {
        throw new DomainException('too_many_attempts', 'Too many failed attempts. Try again later.', 'too_many', {
          retryAfterSeconds: wait,
        });
      }
    }
    const row = await this.repo.userByEmail(email);
    // Unknown emails cost a hash too, so timing does not tell which emails exist.
    const ok = row ? await verify(row.password_hash, password).catch(() => false) : await hash(password).then(() => false);
    if (!ok || !row) {
      for (const { counter, key } of checks) await counter.fail(key);
      throw new DomainException('invalid_login', 'Wrong email or password', 'unauthorized');
    }
    await this.failures.email.reset(email);
    return toUser(row);
  }

  /** Opens a session; the returned token goes only into the cookie, the database keeps its hash. */
  async openSession(user: User): Promise<string> {
    const token = randomToken(43);
    await this.repo.insertSession({
      accountId: user.accountId,
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    return token;
  }

  async userForSession(token: string | undefined): Promise<User | null> {
    if (!token || token.length > 100) return null;
    const row = await this.repo.userOfSession(hashSecret(token));
    return row ? toUser(row) : null;
  }

  async closeSession(token: string | undefined): Promise<void> {
    if (token) await this.repo.deleteSession(hashSecret(token));
  }

  async getUser(id: string): Promise<User | null> {
    const row = await this.repo.user(id);
    return row ? toUser(row) : null;
  }
}
