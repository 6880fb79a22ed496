import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { DataSource } from 'typeorm';
import { deleteGrantPayloads, heldGrants, postgresAdapter, sweepExpiredPayloads } from '@platform/auth';

export interface OAuthClientRow {
  id: string;
  account_id: string;
  name: string;
  redirect_uris: string[];
  secret_hash: string | null;
  require_pkce: boolean;
  created_at: Date;
  secret_rotated_at: Date | null;
}

/** A connection: the live grants of one client on one entity, since the first of them. */
export interface ConnectionRow {
  entity_id: string;
  client_id: string;
  client_name: string;
  since: Date;
}

/** The rows of an UPDATE … RETURNING (TypeORM answers `[rows, count]` for updates). */
const returned = <T>(r: unknown[]): T[] => (Array.isArray(r[0]) ? r[0] : r) as T[];

/**
 * OAuth's tables: registered clients (developer portal) and the grants that bind a client to one of a user's
 * entities. The provider's own payloads (entity.oidc_payloads) are the oidc adapter's (oidc-adapter.ts in @platform/auth): what this
 * needs of them it asks the adapter. Entities (their names) are the entities feature's: OAuthService asks it.
 */
@Injectable()
export class OAuthRepository {
  /** oidc_payloads is read and written by oidc-provider's adapter (oidc-adapter.ts in @platform/auth), which this repository builds. */
  static readonly tables = ['oauth_clients', 'oauth_grants', 'oidc_payloads'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** oidc-provider's adapter class over this feature's tables (its payloads and grants: see oidc-adapter.ts). */
  oidcAdapter(...args: Parameters<typeof postgresAdapter> extends [DataSource, string, ...infer Rest] ? Rest : never) {
    return postgresAdapter(this.ds, 'entity', ...args);
  }

  /** One bounded pass deleting the provider's expired rows (see sweepExpiredPayloads); answers how many went. */
  sweepExpired(): Promise<number> {
    return sweepExpiredPayloads(this.ds, 'entity');
  }

  async activeClient(clientId: string): Promise<OAuthClientRow | undefined> {
    const rows: OAuthClientRow[] = await this.ds.query(`SELECT * FROM entity.oauth_clients WHERE id = $1 AND revoked_at IS NULL`, [clientId]);
    return rows[0];
  }

  async insertClient(accountId: string, c: { name: string; redirectUris: string[]; secretHash: string | null; requirePkce: boolean }): Promise<OAuthClientRow> {
    const rows: OAuthClientRow[] = await this.ds.query(
      `INSERT INTO entity.oauth_clients (id, account_id, name, redirect_uris, secret_hash, require_pkce) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [newId('cli'), accountId, c.name, c.redirectUris, c.secretHash, c.requirePkce],
    );
    return rows[0];
  }

  async clientName(clientId: string): Promise<string | undefined> {
    const rows: { name: string }[] = await this.ds.query(`SELECT name FROM entity.oauth_clients WHERE id = $1`, [clientId]);
    return rows[0]?.name;
  }

  listClients(accountId: string): Promise<OAuthClientRow[]> {
    return this.ds.query(`SELECT * FROM entity.oauth_clients WHERE account_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`, [accountId]);
  }

  /** A confidential client's new secret hash; false when the account has no such active confidential client. */
  async rotateSecret(accountId: string, clientId: string, secretHash: string): Promise<boolean> {
    const rows = await this.ds.query(
      `UPDATE entity.oauth_clients SET secret_hash = $3, secret_rotated_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND secret_hash IS NOT NULL RETURNING id`,
      [clientId, accountId, secretHash],
    );
    return returned(rows).length > 0;
  }

  async insertGrant(g: { grantId: string; accountId: string; userId: string; entityId: string; clientId: string; scope: string }): Promise<void> {
    await this.ds.query(`INSERT INTO entity.oauth_grants (id, account_id, user_id, entity_id, client_id, scope) VALUES ($1, $2, $3, $4, $5, $6)`, [
      g.grantId,
      g.accountId,
      g.userId,
      g.entityId,
      g.clientId,
      g.scope,
    ]);
  }

  async entityOfGrant(grantId: string): Promise<string | null> {
    const rows: { entity_id: string }[] = await this.ds.query(`SELECT entity_id FROM entity.oauth_grants WHERE id = $1`, [grantId]);
    return rows[0]?.entity_id ?? null;
  }

  /** The account and entity of a grant not revoked. */
  async activeGrant(grantId: string): Promise<{ account_id: string; entity_id: string } | undefined> {
    const rows: { account_id: string; entity_id: string }[] = await this.ds.query(
      `SELECT account_id, entity_id FROM entity.oauth_grants WHERE id = $1 AND revoked_at IS NULL`,
      [grantId],
    );
    return rows[0];
  }

  /**
   * The user's live connections (a grant not revoked that the provider still holds), one per entity and client, newest
   * first (by their first grant).
   */
  async connections(userId: string): Promise<ConnectionRow[]> {
    const grants: { id: string; entity_id: string; client_id: string; client_name: string; created_at: Date }[] = await this.ds.query(
      `SELECT g.id, g.entity_id, g.client_id, c.name AS client_name, g.created_at
         FROM entity.oauth_grants g
         JOIN entity.oauth_clients c ON c.id = g.client_id
        WHERE g.user_id = $1 AND g.revoked_at IS NULL`,
      [userId],
    );
    const held = await heldGrants(
      this.ds,
      'entity',
      grants.map((g) => g.id),
    );
    const connections = new Map<string, ConnectionRow>();
    for (const g of grants) {
      if (!held.has(g.id)) continue;
      const key = `${g.entity_id} ${g.client_id}`;
      const seen = connections.get(key);
      if (!seen) connections.set(key, { entity_id: g.entity_id, client_id: g.client_id, client_name: g.client_name, since: g.created_at });
      else if (g.created_at < seen.since) seen.since = g.created_at;
    }
    return [...connections.values()].sort((a, b) => b.since.getTime() - a.since.getTime());
  }

  /** Revokes every grant of this client on this entity and deletes all their tokens, in one transaction; how many grants. */
  removeConnection(userId: string, entityId: string, clientId: string): Promise<number> {
    return this.ds.transaction(async (m) => {
      const grants = returned<{ id: string }>(
        await m.query(
          `UPDATE entity.oauth_grants SET revoked_at = now() WHERE user_id = $1 AND entity_id = $2 AND client_id = $3 AND revoked_at IS NULL RETURNING id`,
          [userId, entityId, clientId],
        ),
      );
      await deleteGrantPayloads(
        m,
        'entity',
        grants.map((g) => g.id),
      );
      return grants.length;
    });
  }
}
