import { Logger } from '@nestjs/common';
import type { BaseConfig } from '@platform/config';
// TypeORM loads the driver by name at run time; importing it here lets the build list `pg`
// in each service's generated package.json.
import { Client, type ClientConfig } from 'pg';
import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { rememberLostConnections } from './lost-connection';
import { QueryLogger } from './query-logger';
import { SnakeNamingStrategy } from './snake-naming.strategy';

/* eslint-disable @typescript-eslint/no-unsafe-function-type */
export interface DatabaseDefinition {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: MixedList<Function | string | EntitySchema<any>>;
  migrations: Function[];
}
/* eslint-enable @typescript-eslint/no-unsafe-function-type */

/** Each service owns one schema, named after it. */
export function schemaOf(config: Pick<BaseConfig, 'service'>): string {
  return config.service;
}

const connectionLog = new Logger('Database');

/**
 * The pool's connections: a `pg` client with an `error` listener for its whole life. A connection PostgreSQL ends
 * (a restart: 57P01 `terminating connection due to administrator command`, a cut socket) emits `error`, and an
 * `error` event nobody listens to crashes the process. pg-pool listens while a client is idle and TypeORM while a
 * query runner holds it, but not in between (a client checked out and not yet wrapped, or released and being closed
 * after an error that emits a second one): the first full tools/chaos run lost a creative and a messaging api process
 * that way on `pg_ctl -m fast`. The pool still learns of the error as before and drops the connection.
 */
export class GuardedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (err: Error) => connectionLog.warn(`A database connection ended: ${err.message}`));
  }
}

export function dataSourceOptions(config: BaseConfig, def: DatabaseDefinition): DataSourceOptions {
  if (!config.database.url) throw new Error('database.url is not resolved; start embedded PostgreSQL first');
  rememberLostConnections();
  return {
    type: 'postgres',
    url: config.database.url,
    schema: schemaOf(config),
    entities: def.entities,
    migrations: def.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    ssl: config.database.ssl ? { rejectUnauthorized: false } : undefined,
    extra: {
      Client: GuardedClient,
      max: config.database.poolMax,
      application_name: `${config.service}-${config.role}`,
      connectionTimeoutMillis: 10_000,
    },
    // Failed queries are logged without their parameters (see QueryLogger).
    logging: ['error', 'warn'],
    logger: new QueryLogger(),
  };
}

export async function ensureSchema(ds: DataSource, schema: string): Promise<void> {
  await ds.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
}

/**
 * Runs pending migrations under an advisory lock, so replicas or a racing Job never
 * apply the same migration twice. Returns the names of the migrations applied.
 */
export async function migrate(ds: DataSource, schema: string): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await ensureSchema(ds, schema);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    // A failed unlock means a broken connection, whose session (and so the lock) PostgreSQL ends: say so, and go on.
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`])
      .catch((e) => new Logger('Migrations').warn(`Could not release the migration lock of ${schema}: ${(e as Error).message}`));
    await runner.release();
  }
}

/** Standalone: open, migrate, close. Used by `main.js migrate` and the Nx `migrate` target. */
export async function runMigrationsOnce(config: BaseConfig, def: DatabaseDefinition): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(config, def));
  await ds.initialize();
  try {
    return await migrate(ds, schemaOf(config));
  } finally {
    await ds.destroy();
  }
}
