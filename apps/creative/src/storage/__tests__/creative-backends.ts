import type { Response as AgentResponse } from 'superagent';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createTestApp, TestApp } from '@platform/testing';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { S3_TEST_CREDENTIALS, S3TestServer, startS3TestServer } from './s3-test-server';

export type Backend = 'local' | 's3';
export const BACKENDS: Backend[] = ['local', 's3'];

export interface CreativeOnBackend {
  t: TestApp<CreativeConfig>;
  backend: Backend;
  dataDir: string;
  s3?: S3TestServer;
  /** Every stored blob's key (local: files under the blob folder; S3: the bucket's objects). */
  blobKeys(): Promise<string[]>;
  /** Files left in the upload folder. */
  tempFiles(): string[];
  /** The temporary files left once writes still finishing have had up to `ms` to end (a leak stays; a write in flight on a loaded machine does not count). */
  settledTempFiles(ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

function walk(dir: string, base = dir): string[] {
  let out: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(walk(path, base));
    else out.push(path.slice(base.length + 1));
  }
  return out;
}

/** The creative service on a fresh database, a fresh DATA_DIR and the given blob backend (s3rver for S3). */
export async function startCreative(backend: Backend, env: Record<string, string> = {}): Promise<CreativeOnBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), `creative-${backend}-`));
  const s3 = backend === 's3' ? await startS3TestServer() : undefined;
  const t = await createTestApp(creativeService, { env: { DATA_DIR: dataDir, ...(s3?.env ?? {}), ...env } });
  const client = s3 ? new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS }) : undefined;
  const tempFiles = () => walk(t.config.assets.tmpDir).concat(walk(join(t.config.storage.localDir, '.tmp')));
  return {
    t,
    backend,
    dataDir,
    s3,
    async blobKeys() {
      if (!client) return walk(t.config.storage.localDir).filter((k) => !k.startsWith('.tmp/'));
      const res = await client.send(new ListObjectsV2Command({ Bucket: s3!.bucket }));
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    tempFiles,
    async settledTempFiles(ms = 5000) {
      const until = Date.now() + ms;
      let left = tempFiles();
      while (left.length && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        left = tempFiles();
      }
      return left;
    },
    async close() {
      await t?.close();
      client?.destroy();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** supertest's parser for binary bodies: `.buffer(true).parse(binary)` gives the bytes as a Buffer. */
export function binary(res: AgentResponse, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
