import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './address-guard';

/**
 * A DNS lookup that refuses private, loopback and link-local answers, used for the connection
 * itself: a host that resolved to a public address when the URL was checked cannot switch to
 * an internal one when the event is sent (DNS rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (err, addresses: LookupAddress[]) => {
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

/** POSTs a body without following redirects; resolves with the status code. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number, allowPrivate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: allowPrivate ? undefined : publicOnlyLookup,
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
