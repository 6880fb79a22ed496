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
    for (const a of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
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
