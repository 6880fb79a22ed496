import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AUTH_ENTITIES, AuthModule } from '@platform/auth';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { DatabaseModule } from '@platform/database';
import { QueueModule } from '@platform/queue';
import { LoggerModule } from 'nestjs-pino';
import { HealthController } from './health.controller';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRecord } from './idempotency-record.entity';
import { MetricsService } from './metrics.service';
import { RateLimitInterceptor } from './rate-limit.interceptor';
import type { ServiceDefinition } from './service-definition';

const PROBES = ['/healthz', '/readyz', '/metrics'];

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
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            name: config.service,
            genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            autoLogging: { ignore: (req) => PROBES.includes((req.url ?? '').split('?')[0]) },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
          },
        }),
        DatabaseModule.forRoot({ ...platformEntities(def), migrateOnStart: migrateOnStart(config) }),
        QueueModule.forRoot(config, { queues: def.queues }),
        AuthModule.forRoot(def.auth),
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        MetricsService,
        { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
      exports: [APP_CONFIG, MetricsService],
    };
  }
}

export { PROBES };
