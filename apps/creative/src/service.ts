import { creativeEnvelope } from '@platform/errors';
import { AUTHORIZATION_SERVER_METADATA_PATH, authorizationServerMetadataRoute, oauthRequestMiddleware } from '@platform/auth';
import { createOpenApiDocument, forwardedHeadersFromTrustedProxiesOnly, trustedProxyMatcher, type ServiceDefinition } from '@platform/http';
import { AppModule } from './app.module';
import { Artifact } from './artifacts/artifact.entity';
import { Asset } from './assets/asset.entity';
import { BillingAccount } from './billing/billing-account.entity';
import { BillingLedgerEntry } from './billing/billing-ledger-entry.entity';
import { BillingReservation } from './billing/billing-reservation.entity';
import { BillingCheckout } from './billing/gateway/billing-checkout.entity';
import { BillingGatewayEvent } from './billing/gateway/billing-gateway-event.entity';
import { UsageEvent } from './billing/usage-event.entity';
import { BrandKit } from './brand-kit/brand-kit.entity';
import { Campaign } from './campaigns/campaign.entity';
import { CampaignPiece } from './campaigns/campaign-piece.entity';
import { withLibrarySchemas } from './common/library-schemas';
import { CreativeConfig, loadCreativeConfig } from './config';
import { Design } from './designs/design.entity';
import { DesignRevision } from './designs/design-revision.entity';
import { CallbackSecret, JobCallback, JobCallbackAttempt } from './jobs/job-callback.entity';
import { Generation } from './intelligence/generation.entity';
import { Job } from './jobs/job.entity';
import { withAssetImportBody } from './assets/dto/asset.dto';
import { McpService } from './mcp/mcp.service';
import { migrations } from './migrations';
import { OAUTH_MOUNT, OAuthService } from './oauth/oauth.service';
import { decorateOAuth } from './oauth/openapi';
import { oauthErrorPage } from './oauth/pages';
import { RenderCacheEntry } from './rendering/render-cache.entity';

export const creativeService: ServiceDefinition<CreativeConfig> = {
  name: 'creative',
  loadConfig: loadCreativeConfig,
  appModule: (config) => AppModule.forRoot(config),
  database: {
    entities: [
      BrandKit,
      Asset,
      Artifact,
      Design,
      DesignRevision,
      RenderCacheEntry,
      Campaign,
      CampaignPiece,
      Job,
      JobCallback,
      JobCallbackAttempt,
      CallbackSecret,
      Generation,
      BillingAccount,
      BillingReservation,
      BillingLedgerEntry,
      UsageEvent,
      BillingCheckout,
      BillingGatewayEvent,
    ],
    migrations,
  },
  auth: { keyPrefix: 'cr', headers: ['x-api-key', 'bearer'], defaultScopes: ['*'], knownScopes: ['*'], realm: 'creative' },
  envelope: creativeEnvelope,
  // The MCP tools' input schemas come from this service's own OpenAPI document (the DTOs): built from the app on first use.
  // oidc-provider (OAuth 2.1 for MCP connectors) is mounted before Nest's parsers (it reads its own bodies) and its
  // request logger (hence `requestLog`); it believes X-Forwarded-* (`proxy = true`), which reach it only from TRUSTED_PROXIES.
  beforeBodyParsers: async (app, config, { requestLog }) => {
    let doc: ReturnType<typeof createOpenApiDocument> | undefined;
    app.get(McpService).useOpenApi(() => (doc ??= createOpenApiDocument(app, creativeService as ServiceDefinition, config)));
    const provider = await app.get(OAuthService).start();
    const forwarded = forwardedHeadersFromTrustedProxiesOnly(trustedProxyMatcher(config.trustedProxies));
    // The shared middleware reads the body up to BODY_LIMIT (413 above; the provider's own reader stops at 56 KB with a
    // 400) and refuses parameters PostgreSQL cannot store (NUL) before the provider looks anything up.
    const guard = oauthRequestMiddleware({ bodyLimit: config.bodyLimit, errorPage: (_query, error, description) => oauthErrorPage(error, description) });
    app.use(OAUTH_MOUNT, requestLog, forwarded, guard, provider.callback());
    // RFC 8414 metadata at the issuer's root, and the same document as OpenID discovery (clients try both).
    for (const path of [AUTHORIZATION_SERVER_METADATA_PATH, '/.well-known/openid-configuration']) {
      app.use(path, requestLog, forwarded, authorizationServerMetadataRoute(OAUTH_MOUNT, provider.callback()));
    }
  },
  // Their bodies may carry a whole upload as base64 (MCP) or a design's images and fonts as data URLs (a bundle): read
  // by the route after the credential check, with their own limits (MCP: mcp.bodyLimitBytes; designs: DESIGN_BODY_LIMIT).
  selfParsedJsonPaths: ['/v1/mcp', '/v1/designs'],
  queues: ['media', 'callbacks'],
  openapi: {
    title: 'Creative Design and Rendering API',
    version: '0.58.0',
    description: [
      'A creative runtime around the Creative IR: briefs to designs, CPU-first rendering, revisions, campaigns, video,',
      'procedural backgrounds, assets and artifacts, billing and usage.',
      '',
      'Authentication: `x-api-key: <API_KEY>` or `Authorization: Bearer <API_KEY>`.',
      'Errors: 422 answers `{detail: [{loc, msg, type}]}`; every other error `{detail: "<message>", code}`.',
      'Rate limit: 600 requests per minute per credential by default (`RATE_LIMIT_PER_MINUTE`), shared across replicas;',
      'responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix seconds), and 429 adds `Retry-After`.',
      'Idempotency: creating and updating operations accept `idempotency_key` in the body (or an `Idempotency-Key` header);',
      'a repeat with the same body replays the stored response, the same key with another body answers 409 `idempotency_key_reused`.',
    ].join('\n'),
    decorate: (doc) => decorateOAuth(withAssetImportBody(withLibrarySchemas(doc))),
    errorSchemas: { error: 'ErrorDto', validation: 'HTTPValidationErrorDto' },
    undocumented: [
      { path: '/v1/billing/local/**', reason: "the local payment gateway's HTML pages (checkout, portal, return)" },
      { path: '/oauth-connect/**', reason: 'the sign-in and consent pages of an MCP connector authorization (HTML)' },
      {
        path: '/oauth/**',
        reason:
          'the OAuth provider behind the authorization pages (reached by its redirects); token and revoke are documented, registration in the metadata operation',
      },
      {
        path: '/.well-known/openid-configuration',
        reason: 'the same document as /.well-known/oauth-authorization-server (for clients that try OpenID discovery)',
      },
    ],
  },
};
