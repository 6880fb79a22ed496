import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * OAuth 2.1 for hosted MCP connectors (oidc-provider, as the entity service): `oauth_grants` are the connections (an
 * account's consent to one client, with the scopes granted; `revoked_at` ends every token of it at once) and
 * `oidc_payloads` the provider's own records (dynamically registered clients, interactions, sessions, codes and
 * tokens, each id stored as its SHA-256; see the adapter in @platform/auth). No API key is stored: a grant names the
 * account whose key signed in.
 */
export class OAuth1801500000000 implements MigrationInterface {
  name = 'OAuth1801500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".oauth_grants (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        client_id text NOT NULL,
        scope text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        revoked_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX oauth_grants_account ON "${S}".oauth_grants (account_id, client_id)`);
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
    await q.query(`DROP TABLE "${S}".oidc_payloads`);
    await q.query(`DROP TABLE "${S}".oauth_grants`);
  }
}
