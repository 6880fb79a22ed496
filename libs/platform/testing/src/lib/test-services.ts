import { portAnswers, startEmbeddedPostgres } from '@platform/database';
import { join } from 'node:path';
import { Client } from 'pg';

/** The workspace's .data/test, wherever Jest runs from (the root for npm test, a project for nx test). */
const EMBEDDED_DIR = join(__dirname, '../../../../..', '.data/test');

export interface TestServices {
  databaseUrl: string;
  databaseSource: string;
  redisUrl?: string;
  stop(): Promise<void>;
}

async function pgAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    // Only a probe: whether it answered is decided above; closing a connection that never opened may reject.
    await client.end().catch(() => undefined);
  }
}

export async function detectTestServices(env = process.env): Promise<TestServices> {
  let stop = async () => undefined as void;
  let databaseUrl = env.TEST_DATABASE_URL;
  let databaseSource = databaseUrl ? `TEST_DATABASE_URL` : '';
  if (!databaseUrl) {
    const machine = 'postgres://postgres@127.0.0.1:5432/test';
    if (await pgAnswers(machine)) {
      databaseUrl = machine;
      databaseSource = 'on 127.0.0.1:5432';
    } else {
      const port = Number(env.TEST_EMBEDDED_PG_PORT ?? 54330);
      const handle = await startEmbeddedPostgres(EMBEDDED_DIR, port);
      databaseUrl = handle.url;
      databaseSource = `embedded on ${port}`;
      stop = async () => (handle.owned ? handle.stop() : undefined);
    }
  }
  let redisUrl = env.TEST_REDIS_URL || undefined;
  if (!redisUrl && env.TEST_REDIS !== 'off' && (await portAnswers(6379))) redisUrl = 'redis://127.0.0.1:6379';
  if (env.TEST_REDIS === 'off') redisUrl = undefined;
  return { databaseUrl, databaseSource, redisUrl, stop };
}
