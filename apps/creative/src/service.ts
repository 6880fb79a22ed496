import { creativeEnvelope } from '@platform/errors';
import { createOpenApiDocument, type ServiceDefinition } from '@platform/http';
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
  beforeBodyParsers: (app, config) => {
    let doc: ReturnType<typeof createOpenApiDocument> | undefined;
    app.get(McpService).useOpenApi(() => (doc ??= createOpenApiDocument(app, creativeService as ServiceDefinition, config)));
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
    decorate: (doc) => withAssetImportBody(withLibrarySchemas(doc)),
    errorSchemas: { error: 'ErrorDto', validation: 'HTTPValidationErrorDto' },
    undocumented: [{ path: '/v1/billing/local/**', reason: "the local payment gateway's HTML pages (checkout, portal, return)" }],
  },
};
