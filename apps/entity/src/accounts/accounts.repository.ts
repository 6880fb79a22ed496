import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { DataSource } from 'typeorm';

/** A `users` row as PostgreSQL answers it. */
export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  name: string;
  password_hash: string;
}

/**
 * Accounts' tables: accounts (tenants), the users who log in to them, and their browser sessions (stored by the hash
 * of the cookie's token). Emails are compared lower-cased.
 */
@Injectable()
export class AccountsRepository {
  static readonly tables = ['accounts', 'users', 'user_sessions'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A new account with its one user, in one transaction; null when a user already has this email. */
  createAccountWithUser(u: { email: string; name: string; passwordHash: string }): Promise<UserRow | null> {
    return this.ds.transaction(async (m) => {
      const existing = await m.query(`SELECT 1 FROM entity.users WHERE lower(email) = $1`, [u.email]);
      if (existing.length) return null;
      const accountId = newId('acct');
      await m.query(`INSERT INTO entity.accounts (id, name) VALUES ($1, $2)`, [accountId, u.email]);
      const row: UserRow = { id: newId('usr'), account_id: accountId, email: u.email, name: u.name, password_hash: u.passwordHash };
      await m.query(`INSERT INTO entity.users (id, account_id, email, name, password_hash) VALUES ($1, $2, $3, $4, $5)`, [
        row.id,
        row.account_id,
        row.email,
        row.name,
        row.password_hash,
      ]);
      return row;
    });
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    const rows: UserRow[] = await this.ds.query(`SELECT * FROM entity.users WHERE lower(email) = $1`, [email]);
    return rows[0];
  }

  async user(id: string): Promise<UserRow | undefined> {
    const rows: UserRow[] = await this.ds.query(`SELECT * FROM entity.users WHERE id = $1`, [id]);
    return rows[0];
  }

  async insertSession(s: { accountId: string; userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.ds.query(`INSERT INTO entity.user_sessions (id, account_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      newId('ses'),
      s.accountId,
      s.userId,
      s.tokenHash,
      s.expiresAt,
    ]);
  }

  /** The user of a session not expired. */
  async userOfSession(tokenHash: string): Promise<UserRow | undefined> {
    const rows: UserRow[] = await this.ds.query(
      `SELECT u.* FROM entity.user_sessions s JOIN entity.users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [tokenHash],
    );
    return rows[0];
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.ds.query(`DELETE FROM entity.user_sessions WHERE token_hash = $1`, [tokenHash]);
  }
}
