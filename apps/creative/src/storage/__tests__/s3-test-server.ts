import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** What clients use as `S3_ENDPOINT`: the SigV4 gate in front of s3rver. */
  endpoint: string;
  bucket: string;
  region: string;
  /** The environment of a creative service that stores blobs here. */
  env: Record<string, string>;
  /** Makes the store unreachable (every connection, open or new, is cut at once), as an outage or a restart does. */
  down(): void;
  /** Makes it reachable again. */
  up(): void;
  close(): Promise<void>;
}

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Verifies a SigV4 query-signed (presigned) request the way S3 does, written from the AWS
 * specification, independently of the SDK: canonical request, string to sign, derived key.
 * Returns null when it is valid, else the S3 error code.
 */
export function checkPresigned(
  method: string,
  rawUrl: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: Record<string, string>,
  now = Date.now(),
): string | null {
  const url = new URL(rawUrl, 'http://gate');
  const q = url.searchParams;
  const credential = q.get('X-Amz-Credential') ?? '';
  const [accessKey, date, region, service, terminal] = credential.split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const expires = Number(q.get('X-Amz-Expires'));
  const signature = q.get('X-Amz-Signature') ?? '';
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || terminal !== 'aws4_request' || service !== 's3' || !signedHeaders.includes('host'))
    return 'AuthorizationQueryParametersError';
  const secret = secrets[accessKey];
  if (!secret) return 'InvalidAccessKeyId';
  const canonicalQuery = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (h) =>
        `${h}:${String(headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalPath = url.pathname
    .split('/')
    .map((seg) => enc(decodeURIComponent(seg)))
    .join('/');
  const canonical = [method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = hmac(key, toSign);
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(32);
  if (!timingSafeEqual(expected, given)) return 'SignatureDoesNotMatch';
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || !(expires > 0) || now > signedAt + expires * 1000) return 'AccessDenied';
  return null;
}

/**
 * A real S3-protocol server on loopback for tests: s3rver (the AWS SDK talks to it for real:
 * puts, multipart uploads, ranged gets, deletes) behind a small gate that verifies presigned
 * URLs. s3rver checks their expiry but not their SigV4 signature (its v4 check is unimplemented),
 * so a tampered or foreign URL would pass it, when AWS S3, MinIO or R2 refuse it with 403.
 */
export async function startS3TestServer(bucket = 'creative-test'): Promise<S3TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const inner = (await s3rver.run()) as AddressInfo;
  let away = false;
  const sockets = new Set<Socket>();
  const gate: Server = createServer((req, res) => {
    if (away) return void req.socket.destroy();
    if (req.url && /[?&]X-Amz-Signature=/.test(req.url)) {
      const problem = checkPresigned(req.method ?? 'GET', req.url, req.headers, { [S3_TEST_CREDENTIALS.accessKeyId]: S3_TEST_CREDENTIALS.secretAccessKey });
      if (problem) {
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${problem}</Code></Error>`);
        return;
      }
    }
    const upstream = request({ host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  gate.on('connection', (socket: Socket) => {
    if (away) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    env: {
      BLOB_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    down() {
      away = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      away = false;
    },
    async close() {
      gate.closeAllConnections();
      await new Promise((resolve) => gate.close(resolve));
      await s3rver.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
