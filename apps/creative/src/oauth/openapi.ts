import type { OpenAPIObject } from '@nestjs/swagger';
import { MCP_SCOPES, SCOPE_DESCRIPTIONS } from './scopes';

const oauthError = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/OAuthError' } } } });
const json = (description: string, schema: Record<string, unknown>) => ({ description, content: { 'application/json': { schema } } });
const form = (schema: Record<string, unknown>) => ({ required: true, content: { 'application/x-www-form-urlencoded': { schema } } });
const pub = { security: [], 'x-public': true };
/** While the database is unreachable (a restart): 503 `temporarily_unavailable` with `Retry-After`, nothing changed (see `answerDatabaseUnavailableAs503`). */
const unavailable = {
  ...oauthError(
    'temporarily_unavailable: the database is unreachable for the moment; retry after `Retry-After` seconds (a refresh whose token was already rotated before the failure, retried with the same refresh token within `OAUTH_REFRESH_REUSE_GRACE_SECONDS`, 30 s by default, gets new tokens; later it is refused as a replay)',
  ),
  headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } } },
};

/**
 * The OAuth 2.1 endpoints for MCP connectors are oidc-provider's (not Nest controllers): described here and added
 * to the generated document (metadata, token, revocation; registration is described in the metadata's operation, the
 * authorization endpoint is a browser page).
 */
export function decorateOAuth(doc: OpenAPIObject): OpenAPIObject {
  const schemas = (doc.components ??= {}).schemas ?? (doc.components.schemas = {});
  Object.assign(schemas, {
    OAuthError: {
      type: 'object',
      required: ['error'],
      description: 'RFC 6749 error body',
      properties: { error: { type: 'string', example: 'invalid_grant' }, error_description: { type: 'string' } },
    },
    OAuthAuthorizationServerMetadata: {
      type: 'object',
      description: 'RFC 8414 metadata (oidc-provider discovery without OpenID Connect fields)',
      required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'code_challenge_methods_supported'],
      properties: {
        issuer: { type: 'string', example: 'https://creative.example.com' },
        authorization_endpoint: { type: 'string', example: 'https://creative.example.com/oauth/auth' },
        token_endpoint: { type: 'string', example: 'https://creative.example.com/oauth/token' },
        registration_endpoint: { type: 'string', example: 'https://creative.example.com/oauth/register' },
        revocation_endpoint: { type: 'string', example: 'https://creative.example.com/oauth/revoke' },
        scopes_supported: { type: 'array', items: { type: 'string', enum: [...MCP_SCOPES] } },
        response_types_supported: { type: 'array', items: { type: 'string' }, example: ['code'] },
        grant_types_supported: { type: 'array', items: { type: 'string' }, example: ['authorization_code', 'refresh_token'] },
        code_challenge_methods_supported: { type: 'array', items: { type: 'string' }, example: ['S256'] },
        token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' }, example: ['none', 'client_secret_basic', 'client_secret_post'] },
        resource_indicators_supported: { type: 'boolean', example: true },
        response_modes_supported: { type: 'array', items: { type: 'string' }, example: ['form_post', 'fragment', 'query'] },
        authorization_response_iss_parameter_supported: { type: 'boolean', example: true },
        revocation_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
      },
      // RFC 8414 metadata is extensible: a client ignores what it does not know.
      additionalProperties: true,
    },
    OAuthTokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in'],
      properties: {
        access_token: { type: 'string', description: 'Opaque credential for `/v1/mcp` only (its audience); REST answers 401 to it' },
        token_type: { type: 'string', enum: ['Bearer'] },
        expires_in: { type: 'integer', example: 3600 },
        refresh_token: { type: 'string', description: 'Rotates at every use; presenting a used one revokes the whole grant' },
        scope: { type: 'string', example: 'read design render' },
      },
    },
  });
  const securitySchemes = doc.components.securitySchemes ?? (doc.components.securitySchemes = {});
  securitySchemes.OAuth2 = {
    type: 'oauth2',
    description:
      'For MCP connectors, on `/v1/mcp` only: authorization code with PKCE (S256), dynamic client registration (RFC 7591), resource indicator ' +
      '`{PUBLIC_BASE_URL}/v1/mcp` (RFC 8707). The user signs in with one of the account API keys and chooses the scopes.',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/auth',
        tokenUrl: '/oauth/token',
        refreshUrl: '/oauth/token',
        scopes: Object.fromEntries(MCP_SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s]])),
      },
    },
  };
  const tags = ['oauth'];
  doc.paths['/.well-known/oauth-authorization-server'] = {
    get: {
      tags,
      ...pub,
      summary: 'Authorization server metadata (RFC 8414)',
      description: 'The OAuth 2.1 authorization server of MCP connectors (also served at `/.well-known/openid-configuration`).',
      operationId: 'oauthAuthorizationServerMetadata',
      responses: { 200: json('The metadata', { $ref: '#/components/schemas/OAuthAuthorizationServerMetadata' }) },
    },
  };
  doc.paths['/oauth/token'] = {
    post: {
      tags,
      ...pub,
      summary: 'Token endpoint',
      description:
        '`grant_type=authorization_code` (with `code_verifier`, `redirect_uri`, `resource`) or `grant_type=refresh_token` (rotated at every use). ' +
        'A refresh whose answer was lost can be retried with the same refresh token by the same client within `OAUTH_REFRESH_REUSE_GRACE_SECONDS` ' +
        '(30 s by default) of its rotation, once: new tokens, the grant kept. Presenting a rotated-out refresh token otherwise (after that, a second ' +
        'time, or once a later one was used) revokes the grant. Public clients send `client_id`; confidential ones authenticate (basic or post).',
      operationId: 'oauthToken',
      requestBody: form({
        type: 'object',
        required: ['grant_type'],
        properties: {
          grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
          code: { type: 'string' },
          code_verifier: { type: 'string' },
          redirect_uri: { type: 'string' },
          refresh_token: { type: 'string' },
          resource: { type: 'string' },
          client_id: { type: 'string' },
          client_secret: { type: 'string' },
        },
      }),
      responses: {
        200: json('Tokens', { $ref: '#/components/schemas/OAuthTokenResponse' }),
        400: oauthError('invalid_grant, invalid_request, invalid_target, …'),
        401: oauthError('invalid_client'),
        413: oauthError('invalid_request: the body is larger than BODY_LIMIT'),
        503: unavailable,
      },
    },
  };
  doc.paths['/oauth/revoke'] = {
    post: {
      tags,
      ...pub,
      summary: 'Revoke a token (RFC 7009)',
      description: 'Revoking a refresh token revokes its grant: every access token of the connection stops working on `/v1/mcp`.',
      operationId: 'oauthRevoke',
      requestBody: form({
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string' }, token_type_hint: { type: 'string' }, client_id: { type: 'string' } },
      }),
      responses: {
        200: { description: 'Revoked (or unknown: the answer is the same)' },
        400: oauthError('invalid_request (no client_id, a form body only)'),
        401: oauthError('invalid_client'),
        413: oauthError('invalid_request: the body is larger than BODY_LIMIT'),
        503: unavailable,
      },
    },
  };
  return doc;
}
