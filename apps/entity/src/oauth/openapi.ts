import type { OpenAPIObject } from '@nestjs/swagger';
import { DPOP_ALGORITHMS } from './dpop-proof';

type Schema = Record<string, unknown>;

const oauthError = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } },
});

/** An error of the page route itself (a Nest controller): the API's `{ok: false, error, code}` envelope. */
const apiError = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } },
});

const form = (schema: Schema) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });

/**
 * The OAuth 2.0 endpoints are served by oidc-provider (not Nest controllers) and the authorization
 * page is HTML: both are described here and added to the generated document.
 */
export function decorateOAuth(doc: OpenAPIObject): OpenAPIObject {
  const schemas = (doc.components ??= {}).schemas ?? (doc.components.schemas = {});
  Object.assign(schemas, {
    OAuthTokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in', 'scope', 'entity_id'],
      properties: {
        access_token: { type: 'string', description: 'Opaque credential for /api/v1, valid for `entity_id` only' },
        token_type: {
          type: 'string',
          enum: ['Bearer', 'DPoP'],
          example: 'Bearer',
          description: '`DPoP` when the token request carried a DPoP proof: the token is bound to that key and /api/v1 takes it only as `Authorization: DPoP`',
        },
        expires_in: { type: 'integer', example: 3600 },
        refresh_token: { type: 'string', description: 'Rotates at every use; presenting a used one revokes the whole grant' },
        scope: { type: 'string', example: 'entity:chat' },
        entity_id: { type: 'string', example: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'The entity the user chose' },
      },
    },
    OAuthError: {
      type: 'object',
      required: ['error'],
      description: 'RFC 6749 error body',
      properties: {
        error: {
          type: 'string',
          enum: [
            'invalid_request',
            'invalid_client',
            'invalid_grant',
            'unauthorized_client',
            'unsupported_grant_type',
            'invalid_scope',
            'invalid_target',
            'invalid_dpop_proof',
            'server_error',
            'temporarily_unavailable',
          ],
        },
        error_description: { type: 'string' },
        scope: { type: 'string', description: 'With `invalid_scope`: the scope that was refused' },
      },
    },
  });
  const securitySchemes = doc.components.securitySchemes ?? (doc.components.securitySchemes = {});
  securitySchemes.OAuth2 = {
    type: 'oauth2',
    description:
      'Authorization code flow (PKCE S256 accepted; required for public clients). The access token is a credential for one entity: ' +
      'a Bearer token, or a DPoP-bound one (RFC 9449) when the token request carries a `DPoP` proof (see the `DPoP` scheme).',
    flows: {
      authorizationCode: {
        authorizationUrl: '/en/oauth/authorize',
        tokenUrl: '/api/oauth/token',
        refreshUrl: '/api/oauth/token',
        scopes: { 'entity:chat': 'Chat with the entity the user chooses and read its messages' },
      },
    },
  };
  const algs = DPOP_ALGORITHMS.join(', ');
  securitySchemes.DPoP = {
    type: 'http',
    scheme: 'dpop',
    description:
      'An OAuth access token bound to a key (RFC 9449; issued with `token_type: DPoP` when the token request carried a `DPoP` proof). ' +
      'Send `Authorization: DPoP <access_token>` and one `DPoP` header: a JWT with header `typ: dpop+jwt`, `alg` one of ' +
      `${algs} (\`dpop_signing_alg_values_supported\` in discovery), \`jwk\` the public key (no private members) whose ` +
      "SHA-256 JWK thumbprint (RFC 7638) is the token's `cnf.jkt`, and claims `htm` (the request method), `htu` (the request URL " +
      "under the service's public base URL, without query and fragment), `iat` (at most `DPOP_PROOF_MAX_AGE_SECONDS`, 300 by default, " +
      'in the past and `DPOP_PROOF_MAX_SKEW_SECONDS`, 60, in the future), `ath` (base64url SHA-256 of the access token) and a `jti` ' +
      'used once (a replay is refused by every replica). A bound token sent as `Bearer` answers 401 `unauthorized` with ' +
      '`WWW-Authenticate: DPoP error="invalid_token"`; a failing proof 401 `invalid_dpop_proof` with ' +
      '`WWW-Authenticate: DPoP error="invalid_dpop_proof", algs="…"`. No DPoP nonces are used (`use_dpop_nonce` is never asked for). ' +
      'Unbound tokens and API keys stay `Bearer` credentials (sent as `DPoP` they answer 401 `invalid_token`).',
  };
  // Every operation that takes the Bearer credential takes a DPoP-bound one too.
  const withDpop = (security: Record<string, string[]>[] | undefined) =>
    security?.some((s) => 'Bearer' in s) && !security.some((s) => 'DPoP' in s) ? [...security, { DPoP: [] }] : security;
  doc.security = withDpop(doc.security);
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as { security?: Record<string, string[]>[] }[]) {
      if (op && typeof op === 'object' && op.security) op.security = withDpop(op.security);
    }
  }
  doc.paths['/{locale}/oauth/authorize'] = {
    get: {
      tags: ['oauth'],
      operationId: 'OAuth_authorize',
      summary: 'Authorization page (HTML, for the user’s browser)',
      description:
        'Asks the user to log in if needed, shows which application asks for what and lets the user choose one of their entities (every time, ' +
        'even when a grant exists). Allow redirects to `redirect_uri` with `code`, `state` (unchanged) and `iss`; Deny with `error=access_denied` ' +
        'and `state`. `redirect_uri` must equal a registered one exactly; otherwise the page shows an error and does not redirect. ' +
        'Codes are single-use and live 60 seconds. `locale`: `en` or `pt-BR` (others read English). Scopes: `entity:chat` ' +
        '(and `offline_access`, accepted; a refresh token is issued either way). OpenID Connect is not offered: a `scope` with ' +
        '`openid` redirects to `redirect_uri` with `error=invalid_scope`, `scope=openid` and the `state`, without showing the page. ' +
        'A parameter containing a NUL character answers the error page (400, `invalid_request`, or `invalid_client` when it is ' +
        '`client_id`), without redirecting.',
      security: [],
      parameters: [
        { name: 'locale', in: 'path', required: true, schema: { type: 'string', example: 'pt-BR' } },
        { name: 'response_type', in: 'query', required: false, schema: { type: 'string', enum: ['code'], default: 'code' } },
        { name: 'client_id', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'redirect_uri', in: 'query', required: true, schema: { type: 'string', format: 'uri' } },
        {
          name: 'scope',
          in: 'query',
          required: true,
          schema: { type: 'string', example: 'entity:chat offline_access' },
          description: '`entity:chat`, optionally `offline_access`; `openid` answers `invalid_scope`',
        },
        { name: 'state', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'code_challenge', in: 'query', required: false, schema: { type: 'string' }, description: 'PKCE; required for public clients' },
        { name: 'code_challenge_method', in: 'query', required: false, schema: { type: 'string', enum: ['S256'] } },
      ],
      responses: {
        '303': {
          description:
            'To the login and consent page, then to `redirect_uri?code=…&state=…&iss=…` (or `error=access_denied`; `error=invalid_scope` for `openid`)',
        },
        '400': {
          description:
            'Unknown client, redirect_uri not registered, or a parameter with a NUL character: an HTML error page with the RFC 6749 code, no redirect ' +
            '(`text/html`). A `locale` that is not valid percent-encoded UTF-8: `bad_request` in the API envelope (`application/json`).',
          content: { 'text/html': {}, 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } },
        },
        '422': apiError('validation_error: `locale` contains NUL characters'),
        '500': apiError('internal_error'),
      },
    },
  };
  doc.paths['/api/oauth/token'] = {
    post: {
      tags: ['oauth'],
      operationId: 'OAuth_token',
      summary: 'Exchange an authorization code, or refresh tokens',
      description:
        'Form-encoded. Client authentication with `client_id` and `client_secret` (form fields or HTTP Basic); public clients send `code_verifier`. ' +
        '`authorization_code`: a code can be redeemed once; a replayed code revokes the tokens it produced. `refresh_token`: the refresh ' +
        'token rotates at each use. A refresh whose answer was lost can be retried with the same refresh token by the same client within ' +
        "`OAUTH_REFRESH_REUSE_GRACE_SECONDS` (30 s by default) of its rotation, once: new tokens, the grant kept (the lost answer's tokens stay " +
        'valid). Presenting a rotated-out refresh token otherwise (after that, a second time, once a later one was used, or by another client: ' +
        '`invalid_grant`) revokes the whole grant. A code presented twice at the same time counts as a replay too: one answer carries tokens, ' +
        'the others get `invalid_grant`, and the grant with every token of it (those just issued included) is revoked. Access tokens last 3600 seconds. Bodies up to `BODY_LIMIT` (1 MB by default) are read; ' +
        'larger ones answer 413. A parameter containing a NUL character answers `invalid_client` (401) when it is `client_id` or ' +
        "`client_secret`, `invalid_request` (400) otherwise. With a `DPoP` proof header (RFC 9449, `htu` this endpoint's URL, no `ath`) " +
        "the access token is bound to the proof's key (`token_type: DPoP`); a public client's refresh token is bound too and needs a " +
        'proof of the same key at every refresh.',
      security: [],
      parameters: [
        {
          name: 'DPoP',
          in: 'header',
          required: false,
          schema: { type: 'string' },
          description: `A DPoP proof JWT (\`typ: dpop+jwt\`, \`alg\` one of ${algs}) to bind the tokens to its key`,
        },
      ],
      requestBody: form({
        oneOf: [
          {
            title: 'authorization_code',
            type: 'object',
            required: ['grant_type', 'code', 'redirect_uri', 'client_id'],
            properties: {
              grant_type: { type: 'string', enum: ['authorization_code'] },
              code: { type: 'string' },
              redirect_uri: { type: 'string', format: 'uri' },
              client_id: { type: 'string' },
              client_secret: { type: 'string' },
              code_verifier: { type: 'string' },
            },
          },
          {
            title: 'refresh_token',
            type: 'object',
            required: ['grant_type', 'refresh_token', 'client_id'],
            properties: {
              grant_type: { type: 'string', enum: ['refresh_token'] },
              refresh_token: { type: 'string' },
              client_id: { type: 'string' },
              client_secret: { type: 'string' },
            },
          },
        ],
      }),
      responses: {
        '200': {
          description: 'Tokens for the chosen entity',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthTokenResponse' } } },
        },
        '400': oauthError(
          'invalid_request (also: a parameter with a NUL character), invalid_grant (unknown, expired, used or mismatched code or refresh token), ' +
            'invalid_scope (a refresh asking for a scope the grant lacks, such as `openid`), unsupported_grant_type, ' +
            'invalid_dpop_proof (a DPoP proof that does not verify)',
        ),
        '401': oauthError('invalid_client: unknown client or wrong secret (also: a NUL character in `client_id` or `client_secret`)'),
        '413': oauthError('invalid_request: the body is larger than `BODY_LIMIT`'),
        '500': oauthError("server_error: an unexpected failure (logged, without the request's secrets)"),
        '503': {
          ...oauthError(
            'temporarily_unavailable: the database is unreachable for the moment; retry after `Retry-After` seconds (a refresh whose token was already rotated before the failure, retried with the same refresh token within `OAUTH_REFRESH_REUSE_GRACE_SECONDS`, 30 s by default, gets new tokens; later it is refused as a replay)',
          ),
          headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } },
        },
      },
    },
  };
  doc.paths['/api/oauth/revoke'] = {
    post: {
      tags: ['oauth'],
      operationId: 'OAuth_revoke',
      summary: 'Revoke a token (RFC 7009)',
      description:
        'Form-encoded, with client authentication. Revoking a refresh token revokes its whole grant (the connection); revoking an access ' +
        'token revokes it and every other token of its grant (refresh tokens too), so the client must ask the user again. Takes effect at ' +
        'once. Unknown tokens also answer 200. Bodies larger than `BODY_LIMIT` answer 413; a parameter with a NUL character answers ' +
        '`invalid_request` (400), or `invalid_client` (401) in `client_id` or `client_secret`.',
      security: [],
      requestBody: form({
        type: 'object',
        required: ['token', 'client_id'],
        properties: {
          token: { type: 'string' },
          token_type_hint: { type: 'string', enum: ['access_token', 'refresh_token'] },
          client_id: { type: 'string' },
          client_secret: { type: 'string' },
        },
      }),
      responses: {
        '200': { description: 'Revoked (or unknown)' },
        '400': oauthError('invalid_request: no client authentication, a repeated parameter, or a body that is not a form'),
        '401': oauthError('invalid_client'),
        '413': oauthError('invalid_request: the body is larger than `BODY_LIMIT`'),
        '500': oauthError("server_error: an unexpected failure (logged, without the request's secrets)"),
        '503': {
          ...oauthError(
            'temporarily_unavailable: the database is unreachable for the moment; retry after `Retry-After` seconds (a refresh whose token was already rotated before the failure, retried with the same refresh token within `OAUTH_REFRESH_REUSE_GRACE_SECONDS`, 30 s by default, gets new tokens; later it is refused as a replay)',
          ),
          headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } },
        },
      },
    },
  };
  doc.tags = [...(doc.tags ?? []), { name: 'oauth', description: 'OAuth 2.0 authorization code flow: link a user’s entity to your application' }];
  return doc;
}
