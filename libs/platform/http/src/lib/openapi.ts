import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { BaseConfig } from '@platform/config';
import type { ServiceDefinition } from './service-definition';

/** What every service does with requests, in its configuration: appended to each document's description. */
function platformRules(config: BaseConfig): string {
  return [
    '## Requests',
    '',
    'JSON bodies are sent as `application/json` or any `+json` type (RFC 6839; a PATCH may say `application/merge-patch+json`).',
    `They are UTF-8 (another charset answers 415 \`unsupported_media_type\`), at most ${config.bodyLimit} (\`BODY_LIMIT\`;`,
    `413 \`payload_too_large\` above it), and nest objects and arrays at most ${config.bodyMaxDepth} levels deep (\`BODY_MAX_DEPTH\`; a deeper`,
    'body answers 422 `validation_error` with one detail at `loc: ["body"]`, type `json_too_deep`). Text may not contain NUL characters (422).',
    'Error messages quote at most 64 characters of an id or value from the request (then `…`) and are at most 512 characters long.',
    '',
    config.authFailures.perAddress > 0
      ? `Failed credentials: after ${config.authFailures.perAddress} distinct wrong credentials from one client address within ${config.authFailures.windowSeconds} seconds ` +
        '(`AUTH_FAILURES_PER_ADDRESS`, `AUTH_FAILURE_WINDOW_SECONDS`), every request from that address that carries a credential answers 429 ' +
        'with `Retry-After` until the window ends, valid ones included. The same wrong credential repeated counts once. ' +
        "The client address is the connection's peer, or the one named in `X-Forwarded-For` by a proxy the operator trusts (`TRUSTED_PROXIES`)."
      : 'Failed credentials are not throttled (`AUTH_FAILURES_PER_ADDRESS=0`).',
  ].join('\n');
}

/** Builds the service's OpenAPI document from its controllers and DTOs. */
export function createOpenApiDocument(app: INestApplication, def: ServiceDefinition, config: BaseConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(def.openapi.title)
    .setDescription(`${def.openapi.description}\n\n${platformRules(config)}`)
    .setVersion(def.openapi.version)
    .addServer(config.nodeEnv === 'production' ? config.publicBaseUrl : `http://localhost:${config.port}`);
  if (def.auth.headers.includes('x-api-key')) {
    builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key' }, 'ApiKey');
    builder.addSecurityRequirements('ApiKey');
  }
  if (def.auth.headers.includes('bearer')) {
    builder.addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key or access token' }, 'Bearer');
    builder.addSecurityRequirements('Bearer');
  }
  let doc = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  // Routes marked @Public() need no credential.
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as Record<string, unknown>[]) {
      if (op && typeof op === 'object' && op['x-public']) {
        op.security = [];
        delete op['x-public'];
      }
    }
  }
  addPlatformResponses(doc, def.openapi.errorSchemas ?? { error: 'ErrorDto' });
  if (def.openapi.decorate) doc = def.openapi.decorate(doc);
  return doc;
}

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/** What a 409 idempotency_in_progress tells the client about when to retry (see `inProgress` in the idempotency service). */
const IN_PROGRESS_RETRY =
  'idempotency_in_progress (after waiting up to 2 s for the first request to answer, whose answer is then replayed) answers `Retry-After`: ' +
  "the seconds until the first request's hold on the key would lapse (at least 1), after which a retry " +
  'of an operation that can tell what the first one committed takes the key over';

/** The answers the platform gives by itself, as reusable responses (`#/components/responses/<name>`). */
const PLATFORM_RESPONSES = {
  BadRequest: {
    status: 400,
    description:
      'invalid_json: the body is not valid JSON; bad_request: the body does not match its `Content-Encoding`, or a path parameter is not valid percent-encoded UTF-8',
  },
  PayloadTooLarge: { status: 413, description: 'payload_too_large: the body is larger than `BODY_LIMIT`' },
  UnsupportedMediaType: { status: 415, description: 'unsupported_media_type: a JSON body in another charset than UTF-8, or an unknown `Content-Encoding`' },
  ValidationError: {
    status: 422,
    description: 'validation_error: a field, a parameter or the body is invalid (also a body nested deeper than `BODY_MAX_DEPTH`)',
  },
  Unauthorized: { status: 401, description: 'unauthorized: missing or invalid credential' },
  RateLimited: {
    status: 429,
    description: 'rate_limited: too many requests with this credential, or too many failed credentials from this address; see `Retry-After`',
  },
  IdempotencyConflict: {
    status: 409,
    description: `idempotency_key_reused or idempotency_in_progress (\`Idempotency-Key\`); ${IN_PROGRESS_RETRY}`,
  },
  InternalError: { status: 500, description: 'internal_error: an unexpected failure; the message carries an error id that is logged' },
  DatabaseUnavailable: {
    status: 503,
    description: 'database_unavailable: the database is unreachable or restarting; nothing was changed, retry after `retry_after` seconds (Retry-After)',
  },
} as const;

/**
 * Adds to every operation the answers the platform itself can give it (a controller's own declaration
 * of the same status wins): body parsing (400, 413, 415, and 422 for a body nested too deep) where a
 * body is read, path parameters that do not decode (400), validation of parameters (422, e.g. NUL
 * characters), credentials (401, and 429 for the rate limit and failed credentials) and idempotency
 * keys (409) on authenticated routes, and 500 and 503 `database_unavailable` everywhere.
 */
export function addPlatformResponses(doc: OpenAPIObject, names: { error: string; validation?: string }): void {
  const schemas = doc.components?.schemas ?? {};
  for (const name of [names.error, names.validation ?? names.error]) {
    if (!schemas[name]) throw new Error(`OpenAPI: the error schema ${name} is not among the document's components`);
  }
  const responses = ((doc.components ??= {}).responses ??= {});
  const use = (op: OperationObject, name: keyof typeof PLATFORM_RESPONSES) => {
    const { status, description } = PLATFORM_RESPONSES[name];
    const existing = op.responses[String(status)] as { description?: string } | undefined;
    if (existing) {
      if (name === 'IdempotencyConflict' && !existing.description?.includes('idempotency')) existing.description = `${existing.description}; or ${description}`;
      else if (name === 'IdempotencyConflict' && !existing.description?.includes('Retry-After'))
        existing.description = `${existing.description}; ${IN_PROGRESS_RETRY}`;
      // A route's own 503 in the error envelope (creative's storage_unavailable) gains the database's; a health answer does not.
      const inErrorEnvelope = JSON.stringify((existing as { content?: unknown }).content ?? {}).includes(`/schemas/${names.error}"`);
      if (name === 'DatabaseUnavailable' && inErrorEnvelope && !existing.description?.includes('database_unavailable'))
        existing.description = `${existing.description}; or ${description}`;
      return;
    }
    const schema = name === 'ValidationError' ? (names.validation ?? names.error) : names.error;
    responses[name] ??= {
      description,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      ...(name === 'IdempotencyConflict'
        ? { headers: { 'Retry-After': { description: 'idempotency_in_progress: seconds to wait before retrying (at least 1)', schema: { type: 'integer' } } } }
        : {}),
    };
    op.responses[String(status)] = { $ref: `#/components/responses/${name}` };
  };
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, OperationObject][]) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
      // POST, PUT, PATCH and DELETE bodies are read (GET and HEAD bodies are ignored).
      const readsBody = !!op.requestBody || MUTATING.has(method);
      const pathParams = (op.parameters ?? []).some((p) => 'in' in p && p.in === 'path');
      if (readsBody || pathParams) use(op, 'BadRequest');
      if (readsBody) for (const name of ['PayloadTooLarge', 'UnsupportedMediaType'] as const) use(op, name);
      if (readsBody || op.parameters?.length) use(op, 'ValidationError');
      if (authenticated) {
        use(op, 'Unauthorized');
        use(op, 'RateLimited');
        if (MUTATING.has(method)) use(op, 'IdempotencyConflict');
      }
      use(op, 'InternalError');
      use(op, 'DatabaseUnavailable');
    }
  }
}

/** Serves the document at /docs (UI) and /docs/openapi.json, plus any extra JSON paths. */
export function serveOpenApi(app: INestApplication, doc: OpenAPIObject, def: ServiceDefinition): void {
  SwaggerModule.setup('docs', app, doc, { jsonDocumentUrl: 'docs/openapi.json', customSiteTitle: def.openapi.title });
  const http = app.getHttpAdapter();
  for (const path of def.openapi.jsonPaths ?? []) {
    http.get(path, (_req: unknown, res: { json(body: unknown): void }) => res.json(doc));
  }
}
