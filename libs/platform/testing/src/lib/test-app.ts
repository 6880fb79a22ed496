import type { INestApplication } from '@nestjs/common';
import { ApiKeyService } from '@platform/auth';
import type { BaseConfig } from '@platform/config';
import { createApp, ServiceDefinition } from '@platform/http';
import { JobQueue } from '@platform/queue';
import IORedis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { OpenApiContract } from './openapi-contract';

export interface TestAccount {
  accountId: string;
  key: string;
  keyId: string;
}

export interface TestApp<C extends BaseConfig> {
  app: INestApplication;
  config: C;
  /** Base URL of the listening server (real HTTP over loopback). */
  url: string;
  /**
   * A supertest agent bound to `url`. Every response it receives is checked against the service's
   * committed `apps/<svc>/openapi.json`: a disagreement fails the request's promise (and the test).
   */
  http: ReturnType<typeof request>;
  /** `fetch` for this service's routes (a path or a full URL), with the same contract check. */
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** The service's OpenAPI contract. */
  contract: OpenApiContract;
  /** A new account (tenant) with a key; `scopes` default to every scope the service knows. */
  account(name?: string, scopes?: string[]): Promise<TestAccount>;
  /** Waits for queued jobs (inline runner). */
  drainQueue(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for the service's config (e.g. RATE_LIMIT_PER_MINUTE). `REDIS_URL: ''` forces the inline queue. */
  env?: Record<string, string>;
  /** Start a second replica of an existing test app: same database, same Redis prefix. */
  replicaOf?: TestApp<BaseConfig>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Boots a service against a fresh database in real PostgreSQL (and real Redis when there is
 * one, under a key prefix of its own), listening on a random loopback port.
 */
export async function createTestApp<C extends BaseConfig>(def: ServiceDefinition<C>, options: TestAppOptions = {}): Promise<TestApp<C>> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: run tests through Jest (the global setup of jest.preset.js sets it)');
  const replica = options.replicaOf;
  const suffix = randomBytes(5).toString('hex');
  const database = replica ? new URL(replica.config.database.url!).pathname.slice(1) : `t_${def.name}_${suffix}`;
  if (!replica) {
    const admin = new Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
  }

  const redisUrl = process.env.TEST_REDIS_URL;
  const prefix = replica ? replica.config.redis.prefix : `test-${suffix}`;
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: withDatabase(baseUrl, database),
    DATABASE_POOL_MAX: '5',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEV_BOOTSTRAP: 'false',
    ...options.env,
  };
  const config = def.loadConfig(env);
  const app = await createApp(def, config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const keys = app.get(ApiKeyService);
  const contract = OpenApiContract.forService(def.name, def.openapi.undocumented);
  contracts.set(url, contract);

  return {
    app,
    config,
    url,
    contract,
    http: contractAgent(url, contract),
    fetch: (input, init) => checkedFetch(input.startsWith('http') ? input : `${url}${input}`, init),
    async account(name = 'test', scopes = def.auth.knownScopes) {
      const account = await keys.createAccount(`${name}-${randomBytes(3).toString('hex')}`);
      const { key, record } = await keys.createKey(account.id, { name, scopes });
      return { accountId: account.id, key, keyId: record.id };
    },
    drainQueue: () => app.get(JobQueue).drain(),
    async close() {
      contracts.delete(url);
      await app.close();
      if (replica) return;
      if (config.redis.url) {
        const redis = new IORedis(config.redis.url, { maxRetriesPerRequest: 1 });
        let cursor = '0';
        do {
          const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          if (found.length) await redis.del(...found);
          cursor = next;
        } while (cursor !== '0');
        await redis.quit();
      }
      const drop = new Client({ connectionString: baseUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** The contract of each listening test app, by origin: `checkedFetch` finds the service from the URL. */
const contracts = new Map<string, OpenApiContract>();

function contractError(message: string): Error {
  const err = new Error(`OpenAPI contract: ${message}`);
  err.name = 'ContractError';
  return err;
}

/** supertest's API on `url`, with `contract`'s check as the first assertion of every request (what `TestApp.http` is). */
export function contractAgent(url: string, contract: OpenApiContract): ReturnType<typeof request> {
  const agent = request(url);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || typeof value !== 'function') return value;
      return (path: string) => {
        const test = value.call(target, path) as request.Test;
        return test.expect((res: request.Response) => {
          // A test that parses bodies itself (`.buffer(true).parse(…)`) still has its JSON answers checked.
          const json = /\bjson\b/i.test(String(res.headers['content-type'] ?? ''));
          const text = typeof res.text === 'string' ? res.text : json && Buffer.isBuffer(res.body) ? res.body.toString('utf8') : undefined;
          const length = Number(res.headers['content-length']);
          const problem = contract.check({
            method: test.method,
            url: path,
            status: res.status,
            headers: res.headers,
            text,
            hasBody: text !== undefined ? text.length > 0 : Buffer.isBuffer(res.body) ? res.body.length > 0 : length > 0,
          });
          if (problem) throw contractError(problem);
        });
      };
    },
  });
}

/**
 * `fetch` against a running test app (found by the URL's origin) whose response is checked against
 * that service's OpenAPI document, like `TestApp.http`: for tests that need fetch's behaviour
 * (manual redirects, cookies by hand). Throws on a disagreement.
 */
export async function checkedFetch(input: string, init?: RequestInit): Promise<Response> {
  const target = new URL(input);
  const contract = contracts.get(target.origin);
  if (!contract) throw new Error(`checkedFetch: no running test app at ${target.origin}`);
  const res = await fetch(input, init);
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const binary = /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip)/.test(type);
  const problem = contract.check({
    method: init?.method ?? 'GET',
    url: target.pathname + target.search,
    status: res.status,
    headers: Object.fromEntries(res.headers),
    text: binary ? undefined : bytes.toString('utf8'),
    hasBody: bytes.length > 0,
  });
  if (problem) throw contractError(problem);
  return res;
}
