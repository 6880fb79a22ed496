import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthContext, compareHashedClientSecret, CredentialPresentation, CredentialResolver, hashSecret, randomToken } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { DomainException, isDatabaseUnavailable, NotFoundError } from '@platform/errors';
import { generateKeyPairSync } from 'node:crypto';
import { AccountsService } from '../accounts/accounts.service';
import type { EntityConfig } from '../config';
import { EntitiesService } from '../entities/entities.service';
import { OAUTH_CHAT_SCOPE } from '../entities/scopes';
import { texts } from '../common/i18n';
import { DPOP_ALGORITHMS } from './dpop-proof';
import { DpopService } from './dpop.service';
import { OAuthRepository, type OAuthClientRow } from './oauth.repository';

import { formPostOrigin, withDirective } from './form-post-csp';
import { oauthErrorPage } from './oauth-error-page';
import { answerDatabaseUnavailableAs503, oauthCookieKeys, storable } from '@platform/auth';
import { KoaContext, loadOidc, OidcClientInstance, OidcModule, OidcPayload, OidcProvider } from '@platform/auth';

/** The one OAuth scope: chat with the chosen entity (and read its messages). */
export const OAUTH_SCOPE = OAUTH_CHAT_SCOPE;
export const OAUTH_MOUNT = '/api/oauth';
export const ACCESS_TOKEN_TTL = 3600;
export const CODE_TTL = 60;

export type { OAuthClientRow } from './oauth.repository';

export interface Connection {
  entityId: string;
  entityName: string;
  clientId: string;
  clientName: string;
  since: Date;
}

/** Scopes a client may ask for; entity:chat is the one that gives access. */
export const REQUESTABLE_SCOPES = [OAUTH_SCOPE, 'offline_access'];

/**
 * Discovery fields left out of the metadata: OpenID Connect's (this is not an OpenID provider), and `jwks_uri`
 * (oidc-provider always lists it, but nothing a client receives is signed: access and refresh tokens are opaque, no
 * ID token is issued, no JWT response mode is offered; RFC 8414 makes it optional).
 */
const OMITTED_FIELDS = [
  'jwks_uri',
  'claims_parameter_supported',
  'claims_supported',
  'claim_types_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'id_token_encryption_alg_values_supported',
  'id_token_encryption_enc_values_supported',
  'request_uri_parameter_supported',
  'userinfo_endpoint',
  'acr_values_supported',
];

/** oidc-provider's discovery document as RFC 8414 metadata: our scopes, without OpenID Connect fields nor `jwks_uri`. */
export function authorizationServerMetadata(discovery: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...discovery, scopes_supported: REQUESTABLE_SCOPES };
  for (const field of OMITTED_FIELDS) delete out[field];
  return out;
}

/** Why a requested scope is refused (RFC 6749 invalid_scope), or null: an unknown scope, or none that gives access. */
export function refusedScope(requested: unknown): { description: string; scope?: string } | null {
  const scopes = typeof requested === 'string' ? requested.split(' ').filter(Boolean) : [];
  const unknown = scopes.find((s) => !REQUESTABLE_SCOPES.includes(s));
  if (unknown) return { description: `requested scope is not allowed: the scopes are ${REQUESTABLE_SCOPES.join(' and ')}`, scope: unknown };
  if (!scopes.includes(OAUTH_SCOPE)) return { description: `scope must include ${OAUTH_SCOPE}` };
  return null;
}

/** A redirect URI a client may register: absolute http(s), no fragment, no userinfo; http only for loopback. */
export function validRedirectUri(value: string): boolean {
  try {
    const u = new URL(value);
    if (u.hash || u.username || u.password) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * OAuth 2.0 for the entity service on oidc-provider: clients from the developer portal, grants
 * bound to one entity, opaque access tokens resolved for /api/v1, all stored in the entity schema.
 */
@Injectable()
export class OAuthService implements CredentialResolver {
  private readonly logger = new Logger('OAuth');
  private provider?: OidcProvider;
  private oidc?: OidcModule;

  constructor(
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
    private readonly accounts: AccountsService,
    private readonly entities: EntitiesService,
    private readonly dpop: DpopService,
    private readonly repo: OAuthRepository,
  ) {}

  /** DPoP proofs at /api/v1 (the guard reads `Authorization: DPoP` because this is set). */
  readonly dpopAlgorithms = DPOP_ALGORITHMS;

  /** The resource indicator of /api/v1: every access token is issued for it. */
  get resource(): string {
    return `${this.config.publicBaseUrl}/api/v1`;
  }

  get issuer(): string {
    return this.config.publicBaseUrl;
  }

  get oidcProvider(): OidcProvider {
    if (!this.provider) throw new Error('The OAuth provider is not started');
    return this.provider;
  }

  get oidcErrors(): OidcModule['errors'] {
    if (!this.oidc) throw new Error('The OAuth provider is not started');
    return this.oidc.errors;
  }

  /** Builds the provider (once); called before the body parsers are installed. */
  async start(): Promise<OidcProvider> {
    if (this.provider) return this.provider;
    const oidc = await loadOidc();
    this.oidc = oidc;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'ES256', kid: 'entity-oauth' };
    const resource = this.resource;
    const requirePkce = this.config.oauth.requirePkce;
    const Adapter = this.repo.oidcAdapter(
      oidc,
      (id) => this.clientMetadata(id),
      async (userId) => (await this.accounts.getUser(userId))?.accountId ?? null,
      { refreshReuseGraceSeconds: this.config.oauth.refreshReuseGraceSeconds },
    );
    const provider = new oidc.Provider(this.issuer, {
      adapter: Adapter,
      jwks: { keys: [jwk] },
      // What discovery advertises as dpop_signing_alg_values_supported is what /api/v1 accepts.
      enabledJWA: { dPoPSigningAlgValues: [...DPOP_ALGORITHMS] },
      cookies: { keys: oauthCookieKeys(this.config.oauth.cookieKeys, this.config.secretsKey, (m) => this.logger.warn(m)) },
      scopes: ['offline_access'],
      // What works with our clients (registered with client_secret_post, which oidc-provider also accepts as
      // client_secret_basic, or none with PKCE); discovery lists these. The JWT methods never worked: no client has a key.
      clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
      responseTypes: ['code'],
      grantTypes: ['authorization_code', 'refresh_token'],
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
      extraClientMetadata: { properties: ['require_pkce'] },
      routes: { authorization: '/auth', token: '/token', revocation: '/revoke', jwks: '/jwks' },
      allowOmittingSingleRegisteredRedirectUri: false,
      pkce: {
        required: (_ctx: unknown, client: OidcClientInstance) => requirePkce || client.clientAuthMethod === 'none' || client.metadata().require_pkce === true,
      },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        // Pushed authorization requests (RFC 9126; on by default) are not offered: nothing here tests or needs them,
        // and discovery lists only what works. Authorization requests go to the authorization endpoint.
        pushedAuthorizationRequests: { enabled: false },
        userinfo: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => resource,
          useGrantedResource: () => true,
          getResourceServerInfo: (ctx: KoaContext, indicator: string) => {
            if (indicator !== resource) throw new oidc.errors.InvalidTarget();
            // Runs after client and redirect URI are checked, so a refusal goes back to the client with its state.
            if (ctx.oidc?.route === 'authorization' || ctx.oidc?.route === 'pushed_authorization_request') {
              const refused = refusedScope(ctx.oidc.params?.scope);
              if (refused) throw new oidc.errors.InvalidScope(refused.description, refused.scope);
            }
            return { scope: OAUTH_SCOPE, audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL, accessTokenFormat: 'opaque' };
          },
        },
      },
      ttl: {
        AccessToken: ACCESS_TOKEN_TTL,
        AuthorizationCode: CODE_TTL,
        RefreshToken: 30 * 24 * 3600,
        Grant: 365 * 24 * 3600,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
      },
      rotateRefreshToken: true,
      // Tokens belong to the grant (the connection), not to the browser session that made it.
      expiresWithSession: async () => false,
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
      // The chooser shows every time: only the grant made by this interaction counts.
      loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } } } }) => {
        const grantId = ctx.oidc.result?.consent?.grantId;
        return grantId ? (provider as unknown as { Grant: { find(id: string): Promise<unknown> } }).Grant.find(grantId) : undefined;
      },
      findAccount: async (_ctx: unknown, id: string) => ((await this.accounts.getUser(id)) ? { accountId: id, claims: async () => ({ sub: id }) } : undefined),
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string; params: { ui_locales?: string } }) =>
          `/${texts(interaction.params.ui_locales?.split(' ')[0]).lang}/oauth/interaction/${interaction.uid}`,
      },
      renderError: async (ctx: KoaContext, out: { error: string; error_description?: string }) => {
        ctx.type = 'html';
        ctx.body = oauthErrorPage(typeof ctx.oidc?.params?.ui_locales === 'string' ? ctx.oidc.params.ui_locales : undefined, out.error, out.error_description);
      },
    });
    // Koa then reads X-Forwarded-Proto/-Host/-For; service.ts removes them in front of the provider unless the
    // peer is in TRUSTED_PROXIES, so behind a trusted proxy URLs follow it, and nobody else can change them.
    provider.proxy = true;
    // A lost database connection answers 503 temporarily_unavailable with Retry-After, not 500 server_error (first, so
    // it wraps every middleware below).
    answerDatabaseUnavailableAs503(provider, (ctx, out) => {
      ctx.type = 'html';
      ctx.body = oauthErrorPage(typeof ctx.oidc?.params?.ui_locales === 'string' ? ctx.oidc.params.ui_locales : undefined, out.error, out.error_description);
    });
    // Only the hash of a client secret is stored; compare hashes.
    provider.Client.prototype.compareClientSecret = compareHashedClientSecret;
    // The token response names the entity the tokens are for.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.oidc?.route === 'token' && ctx.status === 200 && body && typeof body.access_token === 'string') {
        const grantId = ctx.oidc.entities.AccessToken?.grantId;
        ctx.body = { ...body, entity_id: grantId ? await this.repo.entityOfGrant(grantId) : null };
      }
    });
    // response_mode=form_post: the provider's page posts the answer to the client's redirect URI, which
    // the CSP every page gets (form-action 'self') would stop; that page may post to exactly that origin.
    provider.use(async (ctx, next) => {
      await next();
      const origin = formPostOrigin(ctx);
      const csp = ctx.response.get('content-security-policy');
      if (origin && csp) ctx.set('content-security-policy', withDirective(csp, 'form-action', origin));
    });
    // Discovery is OAuth 2.0 authorization server metadata (RFC 8414): the scopes a client may ask for
    // (openid is refused: see clientMetadata), and none of the OpenID Connect fields oidc-provider always adds.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.oidc?.route === 'discovery' && ctx.status === 200 && body) ctx.body = authorizationServerMetadata(body);
    });
    // Revoking a grant (a replay, a revoked refresh token) goes through the adapter's Grant.destroy,
    // which marks entity.oauth_grants.revoked_at and deletes every row of the grant in one transaction.
    provider.on('server_error', (_ctx, err) =>
      isDatabaseUnavailable(err) ? this.logger.warn(`Database unavailable: answered 503 (${(err as Error).message})`) : this.logger.error(err),
    );
    this.provider = provider;
    return provider;
  }

  // ---- clients (developer portal) ----

  private async clientMetadata(clientId: string): Promise<OidcPayload | undefined> {
    if (clientId.length > 100 || !storable(clientId)) return undefined;
    const c = await this.repo.activeClient(clientId);
    if (!c) return undefined;
    return {
      client_id: c.id,
      client_name: c.name,
      redirect_uris: c.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(c.secret_hash ? { client_secret: c.secret_hash, token_endpoint_auth_method: 'client_secret_post' } : { token_endpoint_auth_method: 'none' }),
      // OpenID Connect is not offered: of the provider's own scopes only offline_access may be asked
      // for, so `openid` answers invalid_scope (redirected to the client with the state) instead of a consent loop.
      scope: 'offline_access',
      require_pkce: c.require_pkce,
    };
  }

  async createClient(
    accountId: string,
    input: { name: string; redirectUris: string[]; isPublic?: boolean; requirePkce?: boolean },
  ): Promise<{ client: OAuthClientRow; secret: string | null }> {
    const name = input.name.trim();
    const uris = [...new Set(input.redirectUris.map((u) => u.trim()).filter(Boolean))];
    if (!name) throw new DomainException('validation_error', 'The application needs a name', 'invalid');
    if (!uris.length || uris.some((u) => !validRedirectUri(u))) {
      throw new DomainException(
        'invalid_redirect_uri',
        'Redirect URIs must be absolute https URLs (http only for localhost), without fragment or user info',
        'invalid',
      );
    }
    const secret = input.isPublic ? null : `ecs_${randomToken(48)}`;
    const client = await this.repo.insertClient(accountId, {
      name: name.slice(0, 120),
      redirectUris: uris,
      secretHash: secret ? hashSecret(secret) : null,
      requirePkce: Boolean(input.isPublic || input.requirePkce),
    });
    return { client, secret };
  }

  async clientName(clientId: string): Promise<string> {
    return (await this.repo.clientName(clientId)) ?? clientId;
  }

  listClients(accountId: string): Promise<OAuthClientRow[]> {
    return this.repo.listClients(accountId);
  }

  /** A new secret; the old one stops working at once. */
  async rotateSecret(accountId: string, clientId: string): Promise<string> {
    const secret = `ecs_${randomToken(48)}`;
    if (!(await this.repo.rotateSecret(accountId, clientId, hashSecret(secret)))) throw new NotFoundError(`Client ${clientId} not found`, 'client_not_found');
    return secret;
  }

  // ---- grants and connections ----

  /** Records the grant that binds a client to one of the user's entities. */
  async recordGrant(input: { grantId: string; accountId: string; userId: string; entityId: string; clientId: string; scope: string }) {
    await this.repo.insertGrant(input);
  }

  /** The user's live connections, newest first, with their entity's name (from the entities feature); a connection to an entity gone meanwhile is left out. */
  async listConnections(user: { id: string; accountId: string }): Promise<Connection[]> {
    const rows = await this.repo.connections(user.id);
    const names = await this.entities.names(
      user.accountId,
      rows.map((r) => r.entity_id),
    );
    return rows.flatMap((r) => {
      const entityName = names.get(r.entity_id);
      return entityName === undefined ? [] : [{ entityId: r.entity_id, entityName, clientId: r.client_id, clientName: r.client_name, since: r.since }];
    });
  }

  /** Removes a connection: every grant of this client on this entity, with all its tokens, at once. */
  async removeConnection(userId: string, entityId: string, clientId: string): Promise<number> {
    return this.repo.removeConnection(userId, entityId, clientId);
  }

  // ---- access tokens on /api/v1 ----

  /** An access token, checked against its DPoP binding (RFC 9449) when it has one. */
  async resolve(token: string, presented: CredentialPresentation): Promise<AuthContext | null> {
    if (!this.provider || token.length > 200) return null;
    const at = await this.provider.AccessToken.find(token);
    if (!at || at.isExpired) return null;
    const grant = await this.repo.activeGrant(at.grantId);
    if (!grant) return null;
    await this.dpop.confirm(token, at.jkt, presented);
    return {
      accountId: grant.account_id,
      credentialId: `tok_${hashSecret(token).slice(0, 24)}`,
      credentialType: 'access_token',
      scopes: (at.scope ?? '').split(' ').filter(Boolean),
      boundResourceId: grant.entity_id,
      clientId: at.clientId,
    };
  }
}
