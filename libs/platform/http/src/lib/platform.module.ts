import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AUTH_ENTITIES, AuthModule } from '@platform/auth';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { redactHeaders, redactQuery, redactText, redactUrl, safeErrorForLog } from '@platform/errors';
import { SecretsBox } from '@platform/outbound';
import { QueueModule } from '@platform/queue';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pinoHttp, { type Options as PinoHttpOptions } from 'pino-http';
import { HealthController } from './health.controller';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';
import { IdempotencyRecord } from './idempotency-record.entity';
import { MetricsService } from './metrics.service';
import { ReadinessChecks } from './readiness-checks';
import { RateLimitInterceptor } from './rate-limit.interceptor';
import type { ServiceDefinition } from './service-definition';

const PROBES = ['/healthz', '/readyz', '/metrics'];

/** Headers that always carry credentials; `redactHeaders` also catches any other secret-looking name. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * pino options shared by the three services: no log line carries a token, code, cookie, session
 * id, API key, client secret or password. Request URLs and `Location` headers lose secret query
 * values, credential headers are replaced, errors keep their kind, message, code and stack only
 * (no SQL parameters), and message text is scrubbed of URL user info and our credential formats.
 */
export function pinoOptions(config: BaseConfig) {
  return {
    level: config.logLevel,
    name: config.service,
    redact: REDACT_PATHS,
    serializers: {
      req: (req: Record<string, unknown>) => ({ ...req, url: redactUrl(req.url), query: redactQuery(req.query), headers: redactHeaders(req.headers) }),
      res: (res: Record<string, unknown>) => ({ ...res, headers: redactHeaders(res.headers) }),
      err: (err: unknown) => safeErrorForLog(err),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
  };
}

/** Set on a request that `mountedRequestLog` logs, so that Nest's request logger does not log it again. */
const LOGGED = Symbol('request logged');

/**
 * pino-http's options for the request log line (one per request, when the response finishes); a new object each call
 * (pino-http takes `stream` out of it). Nest's logger (`skipLogged`) leaves out requests `mountedRequestLog` has.
 */
export function httpLogOptions(config: BaseConfig, skipLogged = true): PinoHttpOptions {
  return {
    ...pinoOptions(config),
    ...(config.logStream ? { stream: config.logStream } : {}),
    genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
    autoLogging: {
      ignore: (req) => PROBES.includes((req.url ?? '').split('?')[0]) || (skipLogged && (req as IncomingMessage & { [LOGGED]?: true })[LOGGED] === true),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  };
}

/**
 * The request log for routes mounted before Nest's middleware (`beforeBodyParsers`, e.g. an OAuth
 * provider that answers on its own): Nest's request logger only sees requests that reach Nest's
 * middleware, so these went unlogged. Same options and lines as Nest's; a request that falls through
 * to Nest is not logged twice.
 */
export function mountedRequestLog(config: BaseConfig) {
  // Made on the first request: services that mount nothing never start a second logger.
  let log: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    (req as IncomingMessage & { [LOGGED]?: true })[LOGGED] = true;
    (log ??= pinoHttp(httpLogOptions(config, false)))(req, res, next);
  };
}

export function platformEntities(def: Pick<ServiceDefinition, 'database'>) {
  return { ...def.database, entities: [...AUTH_ENTITIES, IdempotencyRecord, ...(def.database.entities as never[])] };
}

/** Migrations run at start everywhere but production, where the migrate Job runs them. */
export function migrateOnStart(config: BaseConfig): boolean {
  return config.nodeEnv !== 'production';
}

/** What every service's root module imports: config, logs, database, queue, auth, limits, probes. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: BaseConfig, def: ServiceDefinition): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        LoggerModule.forRoot({ pinoHttp: httpLogOptions(config) }),
        DatabaseModule.forRoot({ ...platformEntities(def), migrateOnStart: migrateOnStart(config) }),
        QueueModule.forRoot(config, { queues: def.queues }),
        AuthModule.forRoot(def.auth),
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        MetricsService,
        // Seals the stored responses of @SecretResponse() routes (IdempotencyInterceptor).
        SecretsBox,
        ReadinessChecks,
        { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
        // Idempotency keys: the HTTP interceptor, and the service it runs on for callers without HTTP (MCP tools, workflow steps).
        IdempotencyService,
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
      exports: [APP_CONFIG, MetricsService, SecretsBox, IdempotencyService, ReadinessChecks],
    };
  }
}

export { PROBES };
