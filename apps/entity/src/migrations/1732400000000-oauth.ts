import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/**
 * People who log in (users, sessions), OAuth clients, the grants that link a client to one
 * entity, and oidc-provider's own payloads (codes, tokens, interactions, sessions).
 */
export class OAuth1732400000000 implements MigrationInterface {
  name = 'OAuth1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".users (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        email text NOT NULL,
        name text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email ON "${S}".users (lower(email))`);
    await q.query(`
      CREATE TABLE "${S}".user_sessions (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES "${S}".users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz(3) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "${S}".oauth_clients (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        redirect_uris text[] NOT NULL,
        secret_hash text,
        require_pkce boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        secret_rotated_at timestamptz(3),
        revoked_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX oauth_clients_account ON "${S}".oauth_clients (account_id)`);
    await q.query(`
      CREATE TABLE "${S}".oauth_grants (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES "${S}".users(id) ON DELETE CASCADE,
        entity_id text NOT NULL REFERENCES "${S}".entities(id) ON DELETE CASCADE,
        client_id text NOT NULL REFERENCES "${S}".oauth_clients(id) ON DELETE CASCADE,
        scope text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        revoked_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX oauth_grants_user ON "${S}".oauth_grants (user_id, entity_id, client_id)`);
    await q.query(`
      CREATE TABLE "${S}".oidc_payloads (
        model text NOT NULL,
        id text NOT NULL,
        account_id text,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        user_code text,
        expires_at timestamptz(3),
        consumed_at timestamptz(3),
        PRIMARY KEY (model, id)
      )`);
    await q.query(`CREATE INDEX oidc_payloads_grant ON "${S}".oidc_payloads (grant_id) WHERE grant_id IS NOT NULL`);
    await q.query(`CREATE INDEX oidc_payloads_uid ON "${S}".oidc_payloads (uid) WHERE uid IS NOT NULL`);
    await q.query(`CREATE INDEX oidc_payloads_expires ON "${S}".oidc_payloads (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['oidc_payloads', 'oauth_grants', 'oauth_clients', 'user_sessions', 'users']) await q.query(`DROP TABLE "${S}".${t}`);
  }
}
