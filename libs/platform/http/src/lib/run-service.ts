import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiKeyService, AuthModule } from '@platform/auth';
import { APP_CONFIG, BaseConfig, ConfigValidationError } from '@platform/config';
import { DatabaseModule, runMigrationsOnce } from '@platform/database';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createApp, buildOpenApiDocument } from './create-app';
import { resolveDatabase } from './database-runtime';
import { migrateOnStart, platformEntities } from './platform.module';
import type { ServiceDefinition } from './service-definition';

const USAGE = (svc: string) => `Usage: node main.js [command]
  (none) | serve                       start the service (ROLE=api|worker|all)
  migrate                              apply pending database migrations and exit
  openapi <file>                       write the OpenAPI document and exit
  keys create --account NAME [--scopes a,b] [--name LABEL]
                                       create an API key (and the account if new); prints it once
  keys list --account NAME             list the account's active keys (never the secrets)
  keys revoke --account NAME --id KEY_ID
Service: ${svc}`;

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

function flags(args: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (!m) continue;
    result[m[1]] = m[2] ?? (args[i + 1] && !args[i + 1].startsWith('--') ? args[++i] : 'true');
  }
  return result;
}

function loadOrExit<C extends BaseConfig>(def: ServiceDefinition<C>, env: Record<string, string | undefined>): C {
  try {
    return def.loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigValidationError) {
      err(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** The entry point of every main.ts: serve, migrate, write OpenAPI, or manage keys. */
export async function runService<C extends BaseConfig>(def: ServiceDefinition<C>, argv = process.argv.slice(2)): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve':
      await serve(def, loadOrExit(def, process.env));
      return;
    case 'migrate': {
      const config = loadOrExit(def, process.env);
      const embedded = await resolveDatabase(config, out);
      try {
        const applied = await runMigrationsOnce(config, platformEntities(def));
        out(applied.length ? `${def.name}: applied ${applied.join(', ')}` : `${def.name}: database is up to date`);
      } finally {
        if (embedded?.owned) await embedded.stop();
      }
      return;
    }
    case 'openapi': {
      if (!rest[0]) {
        err(USAGE(def.name));
        process.exit(2);
      }
      // Defaults only, so the committed document does not depend on the caller's environment.
      const doc = await buildOpenApiDocument(def, loadOrExit(def, { NODE_ENV: 'development' }));
      const file = resolve(rest[0]);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
      out(`${def.name}: wrote ${file}`);
      return;
    }
    case 'keys':
      await keys(def, loadOrExit(def, process.env), rest);
      return;
    case 'help':
    case '--help':
      out(USAGE(def.name));
      return;
    default:
      err(`Unknown command ${command}\n${USAGE(def.name)}`);
      process.exit(2);
  }
}

async function serve<C extends BaseConfig>(def: ServiceDefinition<C>, config: C): Promise<void> {
  const embedded = await resolveDatabase(config, (m) => out(`[${def.name}] ${m}`));
  const app = await createApp(def, config);
  // Graceful shutdown: stop accepting connections, finish requests and jobs, close pools,
  // then exit 0; past SHUTDOWN_TIMEOUT_MS, exit 1 anyway.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    out(`[${def.name}] ${signal}: shutting down`);
    const force = setTimeout(() => {
      err(`[${def.name}] shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs + 1000);
    force.unref();
    void app
      .close()
      .then(() => (embedded?.owned ? embedded.stop() : undefined))
      .then(
        () => process.exit(0),
        (e) => {
          err(`[${def.name}] error during shutdown: ${(e as Error).message}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.init();
  if (config.devBootstrap) await printDevKey(app.get(ApiKeyService), def, config);
  await app.listen(config.port, config.host);
  out(`[${def.name}] listening on http://localhost:${config.port} (role ${config.role}, docs at /docs)`);
}

/** On an empty database in development: make an account and print its key, once. */
export async function printDevKey(keys: ApiKeyService, def: ServiceDefinition, config: BaseConfig): Promise<string | null> {
  if ((await keys.countAccounts()) > 0) return null;
  const account = await keys.createAccount('development');
  const { key } = await keys.createKey(account.id, { name: 'development', scopes: def.auth.knownScopes });
  out(`[${def.name}] development account ${account.id}; API key (shown once): ${key}`);
  out(`DEV_KEY ${def.name} ${key}`);
  void config;
  return key;
}

@Module({})
class KeysCliModule {
  static forRoot(config: BaseConfig, def: ServiceDefinition): DynamicModule {
    return {
      module: KeysCliModule,
      global: true,
      imports: [DatabaseModule.forRoot({ ...platformEntities(def), migrateOnStart: migrateOnStart(config) }), AuthModule.forRoot(def.auth)],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}

async function keys<C extends BaseConfig>(def: ServiceDefinition<C>, config: C, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const f = flags(rest);
  if (!['create', 'list', 'revoke'].includes(action) || !f.account || (action === 'revoke' && !f.id)) {
    err(USAGE(def.name));
    process.exit(2);
  }
  const embedded = await resolveDatabase(config, err);
  const ctx = await NestFactory.createApplicationContext(KeysCliModule.forRoot(config, def), { logger: ['error'] });
  try {
    const svc = ctx.get(ApiKeyService);
    let account = await svc.findAccountByName(f.account);
    if (action === 'create') {
      account ??= await svc.createAccount(f.account);
      const scopes = f.scopes
        ? f.scopes
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined;
      const { key, record } = await svc.createKey(account.id, { name: f.name, scopes });
      out(JSON.stringify({ service: def.name, account_id: account.id, account: account.name, key_id: record.id, scopes: record.scopes, key }, null, 2));
      err('Store this key now: it is shown only once.');
    } else if (!account) {
      err(`No account named ${f.account}`);
      process.exitCode = 1;
    } else if (action === 'list') {
      const list = await svc.listKeys(account.id);
      out(
        JSON.stringify(
          list.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes, created_at: k.createdAt, last_used_at: k.lastUsedAt })),
          null,
          2,
        ),
      );
    } else {
      const ok = await svc.revokeKey(account.id, f.id);
      out(ok ? `revoked ${f.id}` : `no active key ${f.id} in account ${f.account}`);
      if (!ok) process.exitCode = 1;
    }
  } catch (e) {
    err((e as Error).message);
    process.exitCode = 1;
  } finally {
    await ctx.close();
    if (embedded?.owned) await embedded.stop();
  }
}
