import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './address-guard';

type Resolver = (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A connection-time lookup over `resolve` that refuses private, loopback and link-local answers.
 * `publicOnlyLookup` is it over the system resolver; tests give a resolver of their own to play a
 * host that answers publicly when checked and privately when dialled (DNS rebinding).
 */
export function publicOnlyLookupWith(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...(options as LookupOptions), all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad || addresses.length === 0) {
        const e = Object.assign(new Error(`Refused: ${hostname} resolves to a private, loopback or link-local address`), { code: 'EPRIVATE' });
        return (callback as (e: Error) => void)(e);
      }
      if ((options as LookupOptions).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return (callback as (e: null, a: string, f: number) => void)(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * A DNS lookup that refuses private, loopback and link-local answers, used for the connection
 * itself: a host that resolved to a public address when the URL was checked cannot switch to
 * an internal one when the request is sent (DNS rebinding). The address checked is the address dialled.
 */
export const publicOnlyLookup: LookupFunction = publicOnlyLookupWith((hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => callback(err, addresses as LookupAddress[])),
);

export interface OutboundPostOptions {
  /** Whole request, connection included. */
  timeoutMs: number;
  /** Skip the connection-time address check (development, tests, in-cluster receivers). */
  allowPrivate?: boolean;
  /** The lookup used when private addresses are refused (default `publicOnlyLookup`; tests replace it). */
  lookup?: LookupFunction;
}

/**
 * POSTs a body to a URL from outside input, guarded against SSRF: the address dialled is checked
 * at connection time, redirects are never followed (a 3xx is just the status). Resolves with the
 * status code; rejects on network errors, refusals (`code: 'EPRIVATE'`) and the timeout.
 */
export function post(url: string, headers: Record<string, string>, body: string | Buffer, options: OutboundPostOptions): Promise<number> {
  const { timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return reject(new Error('Must be an http:// or https:// URL'));
    // An address literal is dialled without a lookup: check it here.
    const literal = u.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
      return reject(Object.assign(new Error(`Refused: ${literal} is a private, loopback or link-local address`), { code: 'EPRIVATE' }));
    }
    const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: options.allowPrivate ? undefined : (options.lookup ?? publicOnlyLookup),
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`Timed out after ${timeoutMs} ms`), { name: 'TimeoutError' })), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(Object.assign(new Error(`Timed out after ${timeoutMs} ms`), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** `post` of a JSON value (`content-type: application/json`). */
export function postJson(url: string, headers: Record<string, string>, value: unknown, options: OutboundPostOptions): Promise<number> {
  return post(url, { 'content-type': 'application/json', ...headers }, JSON.stringify(value), options);
}
