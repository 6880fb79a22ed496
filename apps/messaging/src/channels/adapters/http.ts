import { createHmac, timingSafeEqual } from 'node:crypto';
import { MediaDownload, SendError } from './adapter.types';

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>`. */
export function validMetaSignature(header: unknown, rawBody: Buffer | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !rawBody || !appSecret) return false;
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
  return safeEqual(header.trim().toLowerCase(), expected);
}

/** Meta's subscription handshake (`hub.mode=subscribe`, `hub.verify_token`, `hub.challenge`). */
export function metaHandshake(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !verifyToken) return null;
  return safeEqual(token, verifyToken) ? challenge : null;
}

/** POSTs JSON to a platform; 2xx is success, 429/5xx/network errors are retryable, other 4xx are not. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new SendError(`Network error: ${(e as Error).message}`, true);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    throw new SendError(`HTTP ${res.status}: ${text.slice(0, 300)}`, res.status === 429 || res.status >= 500);
  }
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** GETs JSON from a platform; null on 404 (unknown id), SendError otherwise as postJson. */
export async function getJson(url: string, headers: Record<string, string>, timeoutMs = 10_000): Promise<unknown> {
  const res = await request(url, headers, timeoutMs);
  const text = await res.text().catch(() => '');
  if (res.status === 404) return null;
  if (!res.ok) throw new SendError(`HTTP ${res.status}: ${text.slice(0, 300)}`, res.status === 429 || res.status >= 500);
  try {
    return JSON.parse(text);
  } catch {
    throw new SendError('The platform answered something other than JSON', true);
  }
}

/** Streams a file from a platform (the body is not read here); null on 404. */
export async function download(url: string, headers: Record<string, string>, timeoutMs = 120_000): Promise<MediaDownload | null> {
  const res = await request(url, headers, timeoutMs);
  if (res.status === 404) return null;
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new SendError(`HTTP ${res.status}: ${text.slice(0, 300)}`, res.status === 429 || res.status >= 500);
  }
  const length = Number(res.headers.get('content-length'));
  return {
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    contentLength: Number.isFinite(length) && length >= 0 && res.headers.has('content-length') ? length : null,
    body: res.body,
  };
}

async function request(url: string, headers: Record<string, string>, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (e) {
    throw new SendError(`Network error: ${(e as Error).message}`, true);
  }
}

export const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
