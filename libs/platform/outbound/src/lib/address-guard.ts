import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4 = (hi: number, lo: number): IPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
const NAT64_LOCAL = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/**
 * The IPv4 addresses an IPv6 address carries and that a packet to it ends up at: IPv4-mapped
 * (`::ffff:a.b.c.d`, also in hex `::ffff:7f00:1`), SIIT (`::ffff:0:a.b.c.d`), IPv4-compatible
 * (`::a.b.c.d`, deprecated but still routed by some stacks), NAT64 (`64:ff9b::a.b.c.d`), 6to4
 * (`2002:AABB:CCDD::`) and Teredo (`2001:0:SSSS:SSSS:…:CCCC:CCCC`: its server, and its client
 * stored bit-inverted). Null when it carries none.
 */
export function embeddedIPv4(address: IPv6): IPv4[] | null {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4(p[6], p[7])];
    case 'rfc6052':
      // 64:ff9b::/96 embeds the address in its last 32 bits; the local-use 64:ff9b:1::/48 is checked whole.
      return address.match(NAT64_LOCAL) ? null : [v4(p[6], p[7])];
    case '6to4':
      return [v4(p[1], p[2])];
    case 'teredo':
      return [v4(p[2], p[3]), v4(~p[6] & 0xffff, ~p[7] & 0xffff)];
    default:
      return p.slice(0, 6).every((x) => x === 0) ? [v4(p[6], p[7])] : null;
  }
}

/**
 * Not somewhere the service should post to: anything ipaddr.js does not classify as global unicast
 * (private, loopback, link-local, shared/CGNAT, unique-local, multicast, unspecified, broadcast,
 * documentation, benchmarking and other reserved ranges), and IPv6 addresses that embed such an
 * IPv4 address (see `embeddedIPv4`). Whatever is not an IP address at all counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  if (!isIP(address)) return true;
  let parsed: IPv4 | IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.some((a) => a.range() !== 'unicast');
  return v6.range() !== 'unicast';
}

export interface OutboundUrlOptions {
  /** Accept private, loopback and link-local hosts (development, tests, in-cluster receivers). */
  allowPrivate?: boolean;
  /** Every address a host name resolves to (default: the system resolver; tests give their own answers). */
  resolve?: (host: string) => Promise<string[]>;
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

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
    addresses = isIP(host) ? [host] : await (options.resolve ?? systemResolve)(host);
  } catch {
    return `The host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `The host ${host} does not resolve`;
  const bad = addresses.find(isPrivateAddress);
  return bad ? `The host resolves to a private, loopback or link-local address (${bad})` : null;
}
