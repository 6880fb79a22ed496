import express, { type Request } from 'express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardedHeadersFromTrustedProxiesOnly, trustedProxyMatcher } from './trusted-proxies';

/**
 * A real express app on loopback: the middleware in front of a handler that shows what a framework mounted after it
 * (koa, which believes X-Forwarded-* from anyone) would read, beside express's own req.ip, req.protocol and req.hostname.
 */
async function seen(trusted: string[], headers: Record<string, string>) {
  const app = express();
  const trust = trustedProxyMatcher(trusted);
  app.set('trust proxy', trust);
  app.use(forwardedHeadersFromTrustedProxiesOnly(trust));
  app.get('/', (req: Request, res) => {
    res.json({
      forwarded: {
        for: req.headers['x-forwarded-for'] ?? null,
        host: req.headers['x-forwarded-host'] ?? null,
        proto: req.headers['x-forwarded-proto'] ?? null,
      },
      express: { ip: req.ip, protocol: req.protocol, hostname: req.hostname },
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ forwarded: Record<string, string | null>; express: Record<string, string> }>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host: `localhost:${port}`, ...headers } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(JSON.parse(body)));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

describe('forwarded headers only from TRUSTED_PROXIES', () => {
  const spoofed = { 'x-forwarded-for': '203.0.113.9, 10.0.0.7', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it('removes X-Forwarded-For/-Host/-Proto when the peer is not a trusted proxy (none configured, or another range)', async () => {
    for (const trusted of [[], ['10.0.0.0/8'], ['::1']]) {
      const out = await seen(trusted, spoofed);
      expect(out.forwarded).toEqual({ for: null, host: null, proto: null });
      expect(out.express).toEqual({ ip: '127.0.0.1', protocol: 'http', hostname: 'localhost' });
    }
  });

  it('keeps them from a trusted peer, X-Forwarded-For reduced to the client express chose (the nearest untrusted hop)', async () => {
    const out = await seen(['127.0.0.1', '10.0.0.0/8'], spoofed);
    // Koa would take the leftmost entry, which the client wrote itself; express skips trusted hops from the right.
    expect(out.forwarded).toEqual({ for: '203.0.113.9', host: 'evil.example', proto: 'https' });
    expect(out.express).toEqual({ ip: '203.0.113.9', protocol: 'https', hostname: 'evil.example' });
    const nearest = await seen(['loopback'], { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' });
    expect(nearest.forwarded.for).toBe('203.0.113.9');
    expect(nearest.express.ip).toBe('203.0.113.9');
  });
});
