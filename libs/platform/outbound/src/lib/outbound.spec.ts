import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, refuseOutboundUrl } from './address-guard';
import { post, postJson, publicOnlyLookupWith } from './outbound-post';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on loopback: what it got, and how it answers. */
async function receiver(answer: (res: ServerResponse) => void = (res) => void res.writeHead(204).end()) {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({ url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('outbound address checks', () => {
  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  // IPv6 forms that carry an IPv4 address: the IPv4 address decides.
  const embedding: [string, string, string][] = [
    ['IPv4-mapped, hex', '::ffff:7f00:1', '::ffff:808:808'],
    ['IPv4-mapped, expanded', '0:0:0:0:0:ffff:a00:1', '0:0:0:0:0:ffff:101:101'],
    ['SIIT (RFC 6145)', '::ffff:0:7f00:1', '::ffff:0:808:808'],
    ['IPv4-compatible', '::7f00:1', '::808:808'],
    ['IPv4-compatible, dotted', '::169.254.169.254', '::8.8.8.8'],
    ['NAT64 (RFC 6052)', '64:ff9b::7f00:1', '64:ff9b::808:808'],
    ['NAT64, dotted', '64:ff9b::10.0.0.1', '64:ff9b::1.1.1.1'],
    ['6to4', '2002:7f00:1::', '2002:808:808::1'],
    ['6to4, metadata address', '2002:a9fe:a9fe::1', '2002:101:101::'],
    // Teredo: server 65.54.227.120, client stored bit-inverted (127.0.0.1 -> 80ff:fffe, 8.8.8.8 -> f7f7:f7f7).
    ['Teredo, private client', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
    ['Teredo, private server', '2001:0:a00:1:8000:63bf:f7f7:f7f7', '2001:0:4136:e378:8000:63bf:fefe:fefe'],
  ];
  it.each(embedding)('refuses %s addresses embedding a private IPv4 address (%s), not a public one (%s)', (_form, bad, good) => {
    expect(isPrivateAddress(bad)).toBe(true);
    expect(isPrivateAddress(good)).toBe(false);
  });

  it('refuses reserved IPv6 and IPv4 ranges beyond the private ones', () => {
    for (const a of ['64:ff9b:1::808:808', '2001:db8::1', 'fec0::1', '100::1', '::', '255.255.255.255', '192.0.2.1', '198.18.0.1', '240.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('refuses URLs whose literal or resolved address embeds a private IPv4 address', async () => {
    for (const host of [
      '[64:ff9b::7f00:1]',
      '[::ffff:127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[2002:7f00:1::]',
      '[::ffff:7f00:1]',
      '[::7f00:1]',
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
    ]) {
      expect(await refuseOutboundUrl(`http://${host}:8080/x`)).toMatch(/private/);
    }
    const answers: Record<string, string[]> = {
      'nat64.test': ['64:ff9b::a9fe:a9fe'],
      'mixed.test': ['2606:4700:4700::1111', '2002:c0a8:101::1'],
      'public.test': ['64:ff9b::808:808'],
    };
    const resolve = async (host: string) => answers[host] ?? [];
    expect(await refuseOutboundUrl('https://nat64.test/x', { resolve })).toBe(
      'The host resolves to a private, loopback or link-local address (64:ff9b::a9fe:a9fe)',
    );
    expect(await refuseOutboundUrl('https://mixed.test/x', { resolve })).toMatch(/\(2002:c0a8:101::1\)/);
    expect(await refuseOutboundUrl('https://public.test/x', { resolve })).toBeNull();
  });

  it('refuses URLs by syntax, scheme, credentials and address', async () => {
    expect(await refuseOutboundUrl('not a url')).toMatch(/valid URL/);
    expect(await refuseOutboundUrl('ftp://example.com')).toMatch(/http/);
    expect(await refuseOutboundUrl('https://user:pw@example.com')).toMatch(/credentials/);
    expect(await refuseOutboundUrl('http://127.0.0.1/x')).toMatch(/private/);
    expect(await refuseOutboundUrl('http://[::1]:8080/x')).toMatch(/private/);
    expect(await refuseOutboundUrl('http://localhost/x')).toMatch(/private/);
    expect(await refuseOutboundUrl('http://127.0.0.1/x', { allowPrivate: true })).toBeNull();
    expect(await refuseOutboundUrl('http://8.8.8.8/x')).toBeNull();
  });

  it('checks the address again when connecting, unless private addresses are allowed', async () => {
    const server = await receiver();
    try {
      await expect(post(`http://localhost:${server.port}/h`, {}, '{}', { timeoutMs: 2000 })).rejects.toThrow(/private/);
      await expect(post(`http://127.0.0.1:${server.port}/h`, {}, '{}', { timeoutMs: 2000 })).rejects.toMatchObject({ code: 'EPRIVATE' });
      expect(server.requests).toHaveLength(0);
      expect(await postJson(`http://localhost:${server.port}/h`, { 'x-a': 'b' }, { a: 1 }, { timeoutMs: 2000, allowPrivate: true })).toBe(204);
      expect(server.requests[0].body).toBe('{"a":1}');
      expect(server.requests[0].headers['content-type']).toBe('application/json');
      expect(server.requests[0].headers['x-a']).toBe('b');
    } finally {
      await server.close();
    }
  });

  it('refuses a host that resolved publicly at validation but privately when dialled (DNS rebinding)', async () => {
    const server = await receiver();
    // The first answer (validation) is public, the next (the connection) is the receiver on loopback.
    const answers = [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    let asked = 0;
    const rebinding = publicOnlyLookupWith((_host, _opts, cb) => cb(null, answers[Math.min(asked++, 1)]));
    try {
      await new Promise<void>((resolve, reject) =>
        rebinding('rebind.test', {}, (err, address) => (err ? reject(err) : address === '93.184.216.34' ? resolve() : reject(new Error(String(address))))),
      );
      await expect(post(`http://rebind.test:${server.port}/h`, {}, '{}', { timeoutMs: 2000, lookup: rebinding })).rejects.toMatchObject({ code: 'EPRIVATE' });
      expect(asked).toBe(2);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('refuses, when dialling, an IPv6 literal or a DNS answer that embeds loopback', async () => {
    const server = await receiver();
    const nat64 = publicOnlyLookupWith((_host, _opts, cb) => cb(null, [{ address: '64:ff9b::7f00:1', family: 6 }]));
    try {
      await expect(post(`http://[::ffff:7f00:1]:${server.port}/h`, {}, '{}', { timeoutMs: 2000 })).rejects.toMatchObject({ code: 'EPRIVATE' });
      await expect(post(`http://[2002:7f00:1::]:${server.port}/h`, {}, '{}', { timeoutMs: 2000 })).rejects.toMatchObject({ code: 'EPRIVATE' });
      await expect(post(`http://nat64.test:${server.port}/h`, {}, '{}', { timeoutMs: 2000, lookup: nat64 })).rejects.toMatchObject({ code: 'EPRIVATE' });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('does not follow redirects and times out', async () => {
    const redirecting = await receiver((res) => void res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end());
    const silent = await receiver(() => undefined);
    try {
      expect(await post(`http://127.0.0.1:${redirecting.port}/`, {}, 'x', { timeoutMs: 2000, allowPrivate: true })).toBe(302);
      expect(redirecting.requests).toHaveLength(1);
      const started = Date.now();
      await expect(post(`http://127.0.0.1:${silent.port}/`, {}, 'x', { timeoutMs: 300, allowPrivate: true })).rejects.toThrow(/Timed out/);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await redirecting.close();
      await silent.close();
    }
  });
});
