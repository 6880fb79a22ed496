import { DynamicModule, INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { BaseConfig } from '@platform/config';
import { DomainException, ENVELOPES, EnvelopeValidationPipe, expressErrorHandler, NotFoundError, ValidationError, writeError } from '@platform/errors';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { metricsMiddleware } from './metrics.middleware';
import { MetricsService } from './metrics.service';
import { exceedsJsonDepth } from './json-depth';
import { createOpenApiDocument, serveOpenApi } from './openapi';
import { mountedRequestLog, PlatformModule, PROBES } from './platform.module';
import { trustedProxyMatcher } from './trusted-proxies';
import type { ServiceDefinition } from './service-definition';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Accepts a well-formed `X-Request-Id` or makes one; echoes it on the response. */
function requestId(req: Request, res: Response, next: NextFunction) {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export interface RawBodyRequest {
  rawBody?: Buffer;
}

/** Keeps a parsed body's raw bytes (signature checks of platform webhooks need them). */
/**
 * The media types read as JSON: `application/json` and every `+json` structured syntax suffix (RFC 6839), such as
 * `application/merge-patch+json` (RFC 7396), which PATCH clients send. Read as anything else, such a body would reach
 * validation empty: a PATCH answered 200 having changed nothing.
 */
export const JSON_TYPES = ['application/json', 'application/*+json'];

function keepRaw(req: Request & RawBodyRequest, _res: Response, buf: Buffer) {
  req.rawBody = buf;
}

/**
 * Reads the request's JSON body (as the global parser does: UTF-8, at most `maxDepth` levels, `strict: false`) with
 * `limit`, for a route listed in `selfParsedJsonPaths`. Rejects with the parser's error (413 `payload_too_large`,
 * 400 `invalid_json`, 415…), which the service's exception filter answers in its envelope.
 */
export function readJsonBody(req: Request, res: Response, limit: number | string, maxDepth: number): Promise<void> {
  const parse = express.json({ type: JSON_TYPES, limit, strict: false, verify: verifyJson(maxDepth) });
  return new Promise((resolve, reject) => parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
}

/**
 * Runs on a JSON body's raw bytes before it is parsed: UTF-8 only (RFC 8259), nested at most
 * `maxDepth` levels, so no recursive walk of the value (validation, idempotency hashing, the
 * database driver) can overflow the stack.
 */
function verifyJson(maxDepth: number) {
  return (req: Request & RawBodyRequest, res: Response, buf: Buffer, encoding: string) => {
    if (encoding && !/^utf-?8$/i.test(encoding)) {
      throw new DomainException('unsupported_media_type', `JSON bodies must be UTF-8, not ${encoding.slice(0, 40)}`, 'unsupported_media_type');
    }
    if (exceedsJsonDepth(buf, maxDepth)) {
      throw new ValidationError(
        [{ loc: [], msg: `JSON nested deeper than ${maxDepth} levels`, type: 'json_too_deep' }],
        `The request body nests objects and arrays deeper than ${maxDepth} levels`,
        'body',
      );
    }
    keepRaw(req, res, buf);
  };
}

@Module({})
class ServiceRootModule {}

/** The service's own modules under the platform module (config, logs, database, queue, auth, probes). */
export function rootModule<C extends BaseConfig>(def: ServiceDefinition<C>, config: C): DynamicModule {
  return { module: ServiceRootModule, imports: [PlatformModule.forRoot(config, def as ServiceDefinition), def.appModule(config)] };
}

/**
 * Builds a fully configured (not yet listening) application: the one bootstrap used by
 * every service's main.ts and by the test harness.
 */
export async function createApp<C extends BaseConfig>(def: ServiceDefinition<C>, config: C): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(rootModule(def, config), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The client address (req.ip: failed-credential counts, public rate limits) is the connection's peer, or the nearest
  // X-Forwarded-For address not in TRUSTED_PROXIES when the peer is one of them; anyone else's header is ignored.
  // The same compiled matcher serves code that reads forwarded headers itself (forwardedHeadersFromTrustedProxiesOnly).
  app.set('trust proxy', trustedProxyMatcher(config.trustedProxies));
  app.set('query parser', 'simple');

  app.use(requestId);
  app.use(
    helmet({
      contentSecurityPolicy: { directives: { frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  app.use(metricsMiddleware(app.get(MetricsService)));

  const style = def.envelope;
  if (config.role === 'worker') {
    // A worker serves its probes and nothing else.
    app.use((req: Request, res: Response, next: NextFunction) =>
      PROBES.includes(req.path) ? next() : writeError(new NotFoundError(`Workers serve only ${PROBES.join(', ')}`), req, res, style),
    );
  }

  await def.beforeBodyParsers?.(app, config, { requestLog: mountedRequestLog(config) as RequestHandler });
  // GET, HEAD, OPTIONS and TRACE bodies mean nothing (RFC 9110): they are not read, so they cannot fail a request.
  const parsed = (type: string | string[]) => (req: IncomingMessage) => !BODYLESS_METHODS.has(req.method ?? 'GET') && Boolean((req as Request).is(type));
  const selfParsed = new Set(def.selfParsedJsonPaths ?? []);
  const parsedJson = parsed(JSON_TYPES);
  app.use(
    express.json({
      type: (req) => parsedJson(req) && !selfParsed.has((req as Request).path),
      limit: config.bodyLimit,
      strict: false,
      verify: verifyJson(config.bodyMaxDepth),
    }),
  );
  app.use(express.urlencoded({ type: parsed('application/x-www-form-urlencoded'), extended: false, limit: config.bodyLimit, verify: keepRaw }));
  app.use(expressErrorHandler(style));

  app.useGlobalPipes(new EnvelopeValidationPipe());
  const Filter = ENVELOPES[def.name].filter;
  app.useGlobalFilters(new Filter());

  serveOpenApi(app, createOpenApiDocument(app, def, config), def);
  return app;
}

/** The OpenAPI document without a database: providers are not instantiated in preview mode. */
export async function buildOpenApiDocument<C extends BaseConfig>(def: ServiceDefinition<C>, config: C) {
  const app = await NestFactory.create(rootModule(def, config), { preview: true, logger: false, abortOnError: false });
  try {
    return createOpenApiDocument(app, def, config);
  } finally {
    // The app was only built to describe it (never listened): the document is the answer, a failed close changes nothing.
    await app.close().catch(() => undefined);
  }
}
