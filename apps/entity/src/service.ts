import { entityEnvelope } from '@platform/errors';
import { forwardedHeadersFromTrustedProxiesOnly, trustedProxyMatcher, type ServiceDefinition } from '@platform/http';
import { AppModule } from './app.module';
import { EntityConfig, loadEntityConfig } from './config';
import { EntityRecord } from './entities/entity-record.entity';
import { KNOWN_SCOPES, SCOPES } from './entities/scopes';
import { Interaction } from './interactions/interaction.entity';
import { TURNS_QUEUE } from './interactions/turn.processor';
import { EndUser } from './memory/end-user.entity';
import { migrations } from './migrations';
import { oauthErrorPage } from './oauth/oauth-error-page';
import { OAUTH_MOUNT, OAuthService } from './oauth/oauth.service';
import { decorateOAuth } from './oauth/openapi';
import { AUTHORIZATION_SERVER_METADATA_PATH, authorizationServerMetadataRoute, oauthRequestMiddleware, storable } from '@platform/auth';
import * as querystring from 'node:querystring';

/** The page language an authorization request asks for (`ui_locales`), for its error page. */
function uiLocale(query: string): string | undefined {
  const value = querystring.parse(query).ui_locales;
  return typeof value === 'string' && storable(value) ? value.split(' ')[0] : undefined;
}

export const entityService: ServiceDefinition<EntityConfig> = {
  name: 'entity',
  loadConfig: loadEntityConfig,
  appModule: (config) => AppModule.forRoot(config),
  database: { entities: [EntityRecord, Interaction, EndUser], migrations },
  auth: {
    keyPrefix: 'ent',
    headers: ['bearer'],
    defaultScopes: [SCOPES.read, SCOPES.chat],
    knownScopes: KNOWN_SCOPES,
    realm: 'entity',
  },
  envelope: entityEnvelope,
  // oidc-provider is mounted before Nest's parsers (and its request logger, hence `requestLog`); the
  // middleware in front of it reads the body (up to BODY_LIMIT) and refuses parameters PostgreSQL cannot store.
  // It runs on koa with `proxy = true`, which believes X-Forwarded-* from anyone: they reach it only from
  // TRUSTED_PROXIES (the rule express follows for the rest of the service).
  async beforeBodyParsers(app, config, { requestLog }) {
    const provider = await app.get(OAuthService).start();
    const forwarded = forwardedHeadersFromTrustedProxiesOnly(trustedProxyMatcher(config.trustedProxies));
    app.use(
      OAUTH_MOUNT,
      requestLog,
      forwarded,
      oauthRequestMiddleware({ bodyLimit: config.bodyLimit, errorPage: (query, error, description) => oauthErrorPage(uiLocale(query), error, description) }),
      provider.callback(),
    );
    app.use(AUTHORIZATION_SERVER_METADATA_PATH, requestLog, forwarded, authorizationServerMetadataRoute(OAUTH_MOUNT, provider.callback()));
  },
  queues: [TURNS_QUEUE],
  openapi: {
    title: 'Entity Conversation API',
    version: '1',
    jsonPaths: ['/developers/openapi.json'],
    description: [
      'AI entities with identity, memory, personality and continuity. Client systems talk to them with API keys.',
      '',
      'Authentication: `Authorization: Bearer <API_KEY>`. Scopes: `entities:read` (read entities and messages),',
      '`entities:chat` (send messages), `entities:write` (create, update and delete entities); or `Authorization: Bearer <ACCESS_TOKEN>`',
      '(OAuth, scope `entity:chat`: send and read messages of the one authorized entity, and read or erase what it remembers of the',
      "application's own end users). An access token issued for a DPoP",
      'proof (`token_type: DPoP`, RFC 9449) is bound to that key: send it as `Authorization: DPoP <ACCESS_TOKEN>` with a new',
      '`DPoP` proof header on every request (see the `DPoP` security scheme); as Bearer it answers 401. A credential without',
      'the needed scope answers 403 `insufficient_scope`.',
      'Errors: `{ok: false, error, code}` (`error` is the message, `code` the stable string): 401 `unauthorized`, 401 `invalid_dpop_proof`,',
      "403 `insufficient_scope`, 404 `entity_not_found` (also for another account's entity), 409 `entity_unavailable`,",
      '422 `validation_error` (with `details`), 429 `rate_limited`.',
      'Rate limit: 120 requests per minute per credential, shared across replicas; every counted response carries',
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds); 429 adds `Retry-After`.',
      '',
      '## Flows',
      '',
      '1. **Own entity, own system** (API key with `entities:read` and `entities:chat`):',
      '   `POST /api/v1/entities/{entity_id}/messages` `{"message": "Hi! My name is Ana.", "end_user_id": "user-42", "end_user_name": "Ana"}`',
      '   → `200 {"ok": true, "interaction": {"id": "int_…", "response": "…", "status": "completed", …}}`.',
      '2. **Entity provider** (key with `entities:write` too): `POST /api/v1/entities` `{"name": "Lia", "purpose": "A study companion",',
      '   "external_user_id": "user-42"}` for each of your users, find it again with `GET /api/v1/entities?external_user_id=user-42`,',
      '   then chat with it using `end_user_id`. The entity keeps a memory per end user (`GET …/end-users/{end_user_id}/memory`).',
      '3. **Link my entity** (OAuth 2.0 authorization code): the user authorizes your client at `/{locale}/oauth/authorize` and',
      '   chooses an entity; you exchange the code at `POST /api/oauth/token` and use the access token as a Bearer credential',
      '   on the same routes, for that entity only (another entity answers 404). Refresh at the same endpoint (the refresh token rotates),',
      '   revoke at `POST /api/oauth/revoke`. OAuth errors use the RFC 6749 body `{error, error_description}`. Clients and API keys are',
      '   made in the developer portal (`/{locale}/developers`); users see and remove connections at `/{locale}/connections`.',
      '   Metadata (RFC 8414): `/.well-known/oauth-authorization-server`.',
      '',
      'End users belong to the credential that brings them. An access token sees and speaks only as the end users of its own OAuth client:',
      'its `end_user_id` "user-1" is not another application\'s "user-1" nor the account\'s, and has its own memory; another application\'s',
      "turns and end users answer 404 (`interaction_not_found`, `end_user_not_found`) and are never listed. The account's API keys see",
      "every turn (`client_id` on each says whose; null for the API keys' own; narrow the list to one application with `?client_id=cli_…`",
      "or to the account's own with `?client_id=owner`), talk as the account's own end users, and name an application's end user in the",
      'memory endpoints with `?client_id=`.',
      '',
      'Slow turns: the message post waits up to 30 seconds (`MESSAGE_WAIT_MS`); past that it answers',
      '`202 {"ok": true, "pending": true, "interaction_id": "int_…"}` and the turn still completes: poll',
      '`GET /api/v1/entities/{entity_id}/messages?since=…` until its `status` is `completed` (or `failed`, with `error`).',
    ].join('\n'),
    decorate: decorateOAuth,
    undocumented: [
      { path: '/developers/openapi.json', reason: 'this document, for the developer portal' },
      { path: '/assets/entity.css', reason: 'the stylesheet of the pages' },
      { path: '/*/signup', reason: 'HTML page' },
      { path: '/*/login', reason: 'HTML page' },
      { path: '/*/logout', reason: 'HTML form target' },
      { path: '/*/account', reason: 'HTML page' },
      { path: '/*/account/**', reason: 'HTML form targets' },
      { path: '/*/connections', reason: 'HTML page' },
      { path: '/*/connections/**', reason: 'HTML form targets' },
      { path: '/*/developers', reason: 'HTML page (developer portal)' },
      { path: '/*/developers/**', reason: 'HTML form targets' },
      { path: '/*/oauth/interaction/**', reason: 'the login and consent pages of the authorization flow' },
      { path: AUTHORIZATION_SERVER_METADATA_PATH, reason: "OAuth 2.0 authorization server metadata (RFC 8414), the provider's discovery document" },
      { path: '/api/oauth/**', reason: 'the OAuth provider behind the authorization page (reached by its redirects); token and revoke are documented' },
    ],
  },
};
