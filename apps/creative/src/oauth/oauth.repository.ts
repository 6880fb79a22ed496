import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { postgresAdapter, sweepExpiredPayloads, type AccountLookup, type OidcModule, type PostgresAdapterOptions } from '@platform/auth';
import { DataSource } from 'typeorm';

const S = 'creative';

/**
 * OAuth's tables: `oauth_grants` (a connection: the account that consented, the client, the scopes granted) and the
 * provider's own `oidc_payloads`, which only the adapter from @platform/auth reads and writes (this builds it).
 */
@Injectable()
export class OAuthRepository {
  static readonly tables = ['oauth_grants', 'oidc_payloads'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** oidc-provider's adapter over this schema; clients are registered dynamically (RFC 7591) and stored there too. */
  oidcAdapter(oidc: Pick<OidcModule, 'errors'>, accountOf: AccountLookup, options: PostgresAdapterOptions = {}) {
    return postgresAdapter(this.ds, S, oidc, null, accountOf, options);
  }

  /** One bounded pass deleting the provider's expired rows (see sweepExpiredPayloads); answers how many went. */
  sweepExpired(): Promise<number> {
    return sweepExpiredPayloads(this.ds, S);
  }

  async insertGrant(g: { grantId: string; accountId: string; clientId: string; scope: string }): Promise<void> {
    await this.ds.query(`INSERT INTO "${S}".oauth_grants (id, account_id, client_id, scope) VALUES ($1, $2, $3, $4)`, [
      g.grantId,
      g.accountId,
      g.clientId,
      g.scope,
    ]);
  }

  /** The account and scopes of a grant not revoked. */
  async activeGrant(grantId: string): Promise<{ account_id: string; scope: string } | undefined> {
    const rows: { account_id: string; scope: string }[] = await this.ds.query(
      `SELECT account_id, scope FROM "${S}".oauth_grants WHERE id = $1 AND revoked_at IS NULL`,
      [grantId],
    );
    return rows[0];
  }
}
