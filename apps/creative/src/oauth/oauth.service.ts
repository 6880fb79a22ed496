import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  answerDatabaseUnavailableAs503,
  ApiKeyService,
  AuthContext,
  compareHashedClientSecret,
  CredentialPresentation,
  CredentialResolver,
  hashSecret,
  KoaContext,
  loadOidc,
  OidcClientInstance,
  OidcProvider,
  oauthCookieKeys,
} from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { isDatabaseUnavailable } from '@platform/errors';
import { generateKeyPairSync } from 'node:crypto';
import type { CreativeConfig } from '../config';
import { OAuthRepository } from './oauth.repository';
import { oauthErrorPage } from './pages';
import { MCP_SCOPES } from './scopes';

/** Where oidc-provider is mounted (authorization, token, registration, revocation). */
export const OAUTH_MOUNT = '/oauth';
/** The sign-in and consent pages of an authorization (oidc-provider's interactions). */
export const CONNECT_PATH = '/oauth-connect';
/** The MCP endpoint: the one resource OAuth access tokens are issued for. */
export const MCP_PATH = '/v1/mcp';
/** RFC 9728 §3.1: the protected resource metadata of `/v1/mcp`, and of the service's origin. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;

/**
 * Discovery fields left out of the authorization server metadata: OpenID Connect's (no ID token is issued, `openid`
 * is not a scope) and `jwks_uri` (access tokens are opaque: nothing a client receives is signed).
 */
const OMITTED_FIELDS = [
  'jwks_uri',
  'claims_parameter_supported',
  'claims_supported',
  'claim_types_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  'request_uri_parameter_supported',
  'userinfo_endpoint',
  'acr_values_supported',
  'end_session_endpoint',
];

/** oidc-provider's discovery document as RFC 8414 metadata: the MCP scopes, no OpenID Connect fields. */
export function authorizationServerMetadata(discovery: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...discovery, scopes_supported: [...MCP_SCOPES] };
  for (const field of OMITTED_FIELDS) delete out[field];
  return out;
}

/**
 * OAuth 2.1 for hosted MCP connectors (Claude, ChatGPT), on oidc-provider: dynamic client registration, authorization
 * code with PKCE (S256), resource indicators (every token is for `/v1/mcp`, opaque), rotated refresh tokens. The
 * sign-in proves ownership of an account with one of its API keys (pages in connect.controller.ts); the grant keeps
 * the account id. Access tokens are credentials on `/v1/mcp` only (this is the platform guard's resolver).
 */
@Injectable()
export class OAuthService implements CredentialResolver {
  private readonly logger = new Logger('OAuth');
  private provider?: OidcProvider;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly repo: OAuthRepository,
    private readonly apiKeys: ApiKeyService,
  ) {}

  /** The resource indicator (RFC 8707) of the MCP endpoint: the audience of every access token. */
  get resource(): string {
    return `${this.config.publicBaseUrl}${MCP_PATH}`;
  }

  get issuer(): string {
    return this.config.publicBaseUrl;
  }

  get oidcProvider(): OidcProvider {
    if (!this.provider) throw new Error('The OAuth provider is not started');
    return this.provider;
  }

  /** RFC 9728 protected resource metadata of the MCP endpoint. */
  protectedResourceMetadata() {
    return {
      resource: this.resource,
      authorization_servers: [this.issuer],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Creative MCP server',
      resource_documentation: `${this.config.publicBaseUrl}/docs`,
    };
  }

  /** The 401 of `/v1/mcp` names its protected resource metadata (RFC 9728 §5.1); other paths name none. */
  resourceMetadataUrl(path: string): string | null {
    return path === MCP_PATH || path === `${MCP_PATH}/` ? `${this.config.publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}` : null;
  }

  /** Builds the provider (once); called before the body parsers are installed. */
  async start(): Promise<OidcProvider> {
    if (this.provider) return this.provider;
    const oidc = await loadOidc();
    // oidc-provider needs a signing key; nothing a client receives is signed with it (opaque tokens, no ID token).
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'ES256', kid: 'creative-oauth' };
    const resource = this.resource;
    const Adapter = this.repo.oidcAdapter(oidc, async (accountId) => accountId, {
      refreshReuseGraceSeconds: this.config.oauth.refreshReuseGraceSeconds,
    });
    const provider = new oidc.Provider(this.issuer, {
      adapter: Adapter,
      jwks: { keys: [jwk] },
      cookies: { keys: oauthCookieKeys(this.config.oauth.cookieKeys, this.config.secretsKey, (m) => this.logger.warn(m)) },
      scopes: [...MCP_SCOPES, 'offline_access'],
      clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
      responseTypes: ['code'],
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
      routes: { authorization: '/auth', token: '/token', revocation: '/revoke', registration: '/register', jwks: '/jwks' },
      allowOmittingSingleRegisteredRedirectUri: false,
      // OAuth 2.1: every client uses PKCE, S256 (the only method oidc-provider offers).
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        // RFC 7591, open: a hosted connector registers itself with its redirect URI (public clients allowed).
        registration: { enabled: true, initialAccessToken: false },
        // A client revokes its own tokens only (another's: ignored, as RFC 7009 answers an unknown token).
        revocation: {
          enabled: true,
          allowedPolicy: async (_ctx: unknown, client: OidcClientInstance, token: { clientId: string }) => token.clientId === client.clientId,
        },
        pushedAuthorizationRequests: { enabled: false },
        // /v1/mcp takes Bearer tokens only: no DPoP-bound ones (RFC 9449) are issued, none advertised.
        dPoP: { enabled: false },
        userinfo: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => resource,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: KoaContext, indicator: string) => {
            if (indicator !== resource) throw new oidc.errors.InvalidTarget(`the only resource is ${resource}`);
            return { scope: MCP_SCOPES.join(' '), audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL, accessTokenFormat: 'opaque' };
          },
        },
      },
      ttl: {
        AccessToken: ACCESS_TOKEN_TTL,
        AuthorizationCode: 60,
        RefreshToken: REFRESH_TOKEN_TTL,
        Grant: 365 * 24 * 3600,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
      },
      rotateRefreshToken: true,
      // Tokens belong to the grant (the connection), not to the browser session that made it.
      expiresWithSession: async () => false,
      issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
      // Consent shows every time: only the grant made by this interaction counts.
      loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } } } }) => {
        const grantId = ctx.oidc.result?.consent?.grantId;
        return grantId ? provider.Grant.find(grantId) : undefined;
      },
      findAccount: async (_ctx: unknown, id: string) =>
        (await this.apiKeys.getAccount(id)) ? { accountId: id, claims: async () => ({ sub: id }) } : undefined,
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${CONNECT_PATH}/${interaction.uid}` },
      renderError: async (ctx: KoaContext, out: { error: string; error_description?: string }) => {
        ctx.type = 'html';
        ctx.body = oauthErrorPage(out.error, out.error_description);
      },
    });
    // Koa reads X-Forwarded-*; service.ts removes them in front of the provider unless the peer is in TRUSTED_PROXIES.
    provider.proxy = true;
    // A lost database connection answers 503 temporarily_unavailable with Retry-After, not 500 server_error (first, so
    // it wraps every middleware below).
    answerDatabaseUnavailableAs503(provider, (ctx, out) => {
      ctx.type = 'html';
      ctx.body = oauthErrorPage(out.error, out.error_description);
    });
    // Registered clients' secrets are stored hashed (the adapter); compare hashes.
    provider.Client.prototype.compareClientSecret = compareHashedClientSecret;
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.oidc?.route === 'discovery' && ctx.status === 200 && body) ctx.body = authorizationServerMetadata(body);
    });
    provider.on('server_error', (_ctx, err) =>
      isDatabaseUnavailable(err) ? this.logger.warn(`Database unavailable: answered 503 (${(err as Error).message})`) : this.logger.error(err),
    );
    this.provider = provider;
    return provider;
  }

  /** The name of a registered client, for the consent page. */
  async clientName(clientId: string): Promise<string> {
    const client =
      (await (this.oidcProvider as unknown as { Client: { find(id: string): Promise<OidcClientInstance | undefined> } }).Client.find(clientId)) ?? null;
    const name = client?.metadata().client_name;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 120) : clientId;
  }

  /** Records the connection of a grant: the account that consented and the scopes it gave. */
  recordGrant(input: { grantId: string; accountId: string; clientId: string; scope: string }): Promise<void> {
    return this.repo.insertGrant(input);
  }

  /**
   * An access token presented on `/v1/mcp`: issued for that resource (its audience), of a grant not revoked. Elsewhere
   * (REST) tokens are not credentials: the answer is 401 as for any unknown credential.
   */
  async resolve(token: string, presented: CredentialPresentation): Promise<AuthContext | null> {
    if (!this.provider || token.length > 200 || presented.scheme !== 'bearer') return null;
    if (this.resourceMetadataUrl(presented.path) === null) return null;
    const at = await this.provider.AccessToken.find(token);
    if (!at || at.isExpired) return null;
    const audiences = Array.isArray(at.aud) ? at.aud : [at.aud];
    if (!audiences.includes(this.resource)) return null;
    const grant = await this.repo.activeGrant(at.grantId);
    if (!grant || (at.accountId !== undefined && at.accountId !== grant.account_id)) return null;
    return {
      accountId: grant.account_id,
      credentialId: `oauth_${hashSecret(at.grantId).slice(0, 24)}`,
      credentialType: 'access_token',
      scopes: (at.scope ?? '').split(' ').filter(Boolean),
      clientId: at.clientId,
    };
  }
}
