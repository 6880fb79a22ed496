import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Private, loopback, link-local, shared, multicast or unspecified: not somewhere the service should post to. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return blocked.check(address, 'ipv4');
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface OutboundUrlOptions {
  /** Accept private, loopback and link-local hosts (development, tests, in-cluster receivers). */
  allowPrivate?: boolean;
}

/**
 * Why the service may not send to this URL, or null when it may: it must be http(s), carry no
 * credentials, and every address its host resolves to now must be public (unless private addresses
 * are allowed). For validating a URL when a client gives it; the connection itself is checked
 * again by `publicOnlyLookup` (the answer may change between now and then).
 */
export async function refuseOutboundUrl(url: string, options: OutboundUrlOptions = {}): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a valid URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'Must be an http:// or https:// URL';
  if (parsed.username || parsed.password) return 'Must not contain credentials';
  if (options.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `The host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `The host ${host} does not resolve`;
  const bad = addresses.find(isPrivateAddress);
  return bad ? `The host resolves to a private, loopback or link-local address (${bad})` : null;
}
