import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { isPrivateAddress } from './address-guard';
import { publicOnlyLookup } from './outbound-post';

/** Why a guarded GET failed: what the caller tells its client. */
export type OutboundGetFailure =
  /** Not an http(s) URL, or one with credentials. */
  | 'invalid_url'
  /** A private, loopback or link-local address (the URL's, a redirect's, or what a host resolved to when dialled). */
  | 'private_address'
  /** More than `maxRedirects` redirects, or a redirect without a usable `Location`. */
  | 'redirects'
  /** The server answered something other than 2xx. */
  | 'status'
  /** More than `maxBytes` (declared by `Content-Length` or counted). */
  | 'too_large'
  /** The whole exchange, body included, took longer than `timeoutMs`. */
  | 'timeout'
  /** DNS or network failure. */
  | 'network';

export class OutboundGetError extends Error {
  constructor(
    readonly reason: OutboundGetFailure,
    message: string,
    /** The remote status (`reason: 'status'`). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundGetError';
  }
}

export interface OutboundGetOptions {
  /** The whole exchange: connection, redirects and body. */
  timeoutMs: number;
  /** Largest body accepted; above it `too_large` (checked against `Content-Length` first, then counted). */
  maxBytes: number;
  /** Redirects followed (each target checked like the first URL); default 3. */
  maxRedirects?: number;
  /** Skip the address checks (development, tests, in-cluster sources). */
  allowPrivate?: boolean;
  /** The lookup used when private addresses are refused (default `publicOnlyLookup`; tests replace it). */
  lookup?: LookupFunction;
  /** Sent as `Accept`. */
  accept?: string;
}

export interface OutboundGetResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  contentType: string | null;
  /** The body, counted against `maxBytes` (errors with `OutboundGetError` `too_large` or `timeout` while read). */
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Why this URL may not be fetched before any connection (scheme, credentials, a private address literal), or null. */
function refusal(u: URL, allowPrivate: boolean): OutboundGetError | null {
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return new OutboundGetError('invalid_url', 'Must be an http:// or https:// URL');
  if (u.username || u.password) return new OutboundGetError('invalid_url', 'Must not contain credentials');
  const literal = u.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && isIP(literal) && isPrivateAddress(literal))
    return new OutboundGetError('private_address', `Refused: ${literal} is a private, loopback or link-local address`);
  return null;
}

/**
 * GETs a URL from outside input, guarded against SSRF (the twin of `post`): every address dialled is checked at
 * connection time (`publicOnlyLookup`, so DNS rebinding cannot switch to an internal address), address literals before
 * that, and redirects are followed only up to `maxRedirects`, each target checked the same way. The body is bounded by
 * `maxBytes` (a larger `Content-Length` is refused unread) and the whole exchange by `timeoutMs`. Rejects with an
 * `OutboundGetError` saying why; resolves once a 2xx answer's headers arrived, with its body as a stream.
 */
export async function getPublic(url: string, options: OutboundGetOptions): Promise<OutboundGetResponse> {
  const { timeoutMs, maxBytes } = options;
  const maxRedirects = options.maxRedirects ?? 3;
  const allowPrivate = options.allowPrivate === true;
  const deadline = Date.now() + timeoutMs;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new OutboundGetError('invalid_url', 'Not a valid URL');
  }
  for (let hop = 0; ; hop++) {
    const refused = refusal(current, allowPrivate);
    if (refused) throw refused;
    const res = await once(current, deadline, timeoutMs, allowPrivate ? undefined : (options.lookup ?? publicOnlyLookup), options.accept);
    const status = res.response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      res.response.resume();
      res.stop();
      const location = res.response.headers.location;
      if (hop >= maxRedirects) throw new OutboundGetError('redirects', `More than ${maxRedirects} redirects`);
      if (!location) throw new OutboundGetError('redirects', `A ${status} redirect without a Location`);
      try {
        current = new URL(location, current);
      } catch {
        throw new OutboundGetError('redirects', 'A redirect to an invalid URL');
      }
      continue;
    }
    if (status < 200 || status > 299) {
      res.response.resume();
      res.stop();
      throw new OutboundGetError('status', `The server answered ${status}`, status);
    }
    const declared = Number(res.response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.response.destroy();
      res.stop();
      throw new OutboundGetError('too_large', `The file is larger than the limit of ${maxBytes} bytes`);
    }
    let seen = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _e, done) {
        seen += chunk.length;
        if (seen > maxBytes) return done(new OutboundGetError('too_large', `The file is larger than the limit of ${maxBytes} bytes`));
        done(null, chunk);
      },
    });
    res.response.on('error', (e) => counter.destroy(e));
    counter.on('close', () => {
      res.response.destroy();
      res.stop();
    });
    res.onTimeout((e) => counter.destroy(e));
    res.response.pipe(counter);
    const type = res.response.headers['content-type'];
    return { url: current.toString(), status, contentType: typeof type === 'string' ? type : null, body: counter };
  }
}

/** One request: resolves with the response's head; the deadline keeps running (`onTimeout`) until `stop`. */
function once(
  u: URL,
  deadline: number,
  timeoutMs: number,
  lookup: LookupFunction | undefined,
  accept: string | undefined,
): Promise<{ response: IncomingMessage; stop: () => void; onTimeout: (fn: (e: Error) => void) => void }> {
  return new Promise((resolve, reject) => {
    const timeoutError = () => new OutboundGetError('timeout', `No complete answer within ${timeoutMs} ms`);
    let late: ((e: Error) => void) | null = null;
    let answered = false;
    const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(u, { method: 'GET', headers: { accept: accept ?? '*/*', 'user-agent': 'creative-import/1' }, lookup }, (response) => {
      answered = true;
      resolve({
        response,
        stop: () => clearTimeout(timer),
        onTimeout: (fn) => {
          late = fn;
        },
      });
    });
    const timer = setTimeout(
      () => {
        const e = timeoutError();
        if (answered) {
          late?.(e);
          req.destroy(e);
        } else req.destroy(e);
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (answered) return;
      if (err instanceof OutboundGetError) return reject(err);
      if (err.code === 'EPRIVATE') return reject(new OutboundGetError('private_address', err.message));
      reject(new OutboundGetError('network', `Could not reach ${u.host}: ${err.code ?? err.message}`));
    });
    req.end();
  });
}
