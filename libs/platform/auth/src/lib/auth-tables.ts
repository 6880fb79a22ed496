import type { QueryRunner } from 'typeorm';

/** The platform's auth tables, created by each service's first migration in its own schema. */
export async function createAuthTables(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`
    CREATE TABLE "${schema}".accounts (
      id text PRIMARY KEY,
      name text NOT NULL,
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
  await q.query(`
    CREATE TABLE "${schema}".api_keys (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES "${schema}".accounts(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL,
      scopes text[] NOT NULL DEFAULT '{}',
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      last_used_at timestamptz(3),
      revoked_at timestamptz(3)
    )`);
  await q.query(`CREATE UNIQUE INDEX api_keys_key_hash ON "${schema}".api_keys (key_hash)`);
  await q.query(`CREATE INDEX api_keys_account_id ON "${schema}".api_keys (account_id)`);
}

export async function dropAuthTables(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`DROP TABLE IF EXISTS "${schema}".api_keys`);
  await q.query(`DROP TABLE IF EXISTS "${schema}".accounts`);
}
