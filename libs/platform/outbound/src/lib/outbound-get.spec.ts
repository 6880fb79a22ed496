import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { text } from 'node:stream/consumers';
import { getPublic, OutboundGetError } from './outbound-get';
import { publicOnlyLookupWith } from './outbound-post';

/** A source on loopback answering each path with `routes[path]`. */
async function source(routes: Record<string, (res: ServerResponse) => void>) {
  const server = createServer((req, res) => (routes[req.url ?? '/'] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

/**
 * A lookup that plays DNS: `public.test` is "public" and reaches the loopback source (as a real public host would be
 * reached), `internal.test` resolves to 10.0.0.7 and goes through the real guard (which must refuse it).
 */
const guarded = publicOnlyLookupWith((host, _o, cb) => cb(null, host === 'internal.test' ? [{ address: '10.0.0.7', family: 4 }] : []));
const playedDns: LookupFunction = (host, options, cb) => {
  if (host === 'public.test')
    return (options as { all?: boolean }).all
      ? (cb as never as (e: null, a: unknown[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
      : cb(null, '127.0.0.1', 4);
  return guarded(host, options, cb);
};

const reason = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(OutboundGetError);
    return (e as OutboundGetError).reason;
  }
  throw new Error('expected a failure');
};

describe('getPublic (SSRF-guarded GET)', () => {
  let s: Awaited<ReturnType<typeof source>>;
  beforeAll(async () => {
    s = await source({
      '/ok': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end('bytes'),
      '/to-internal': (res) => res.writeHead(302, { location: `http://internal.test:${s.port}/ok` }).end(),
      '/to-loopback': (res) => res.writeHead(301, { location: `http://127.0.0.1:${s.port}/ok` }).end(),
      '/to-metadata': (res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-ok': (res) => res.writeHead(302, { location: '/ok' }).end(),
      '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
      '/big-declared': (res) => res.writeHead(200, { 'content-length': '100' }).end('x'.repeat(100)),
      '/big-chunked': (res) => {
        res.writeHead(200);
        res.write('x'.repeat(60));
        res.end('x'.repeat(60));
      },
      '/slow-head': () => undefined,
      '/slow-body': (res) => {
        res.writeHead(200);
        res.write('x');
      },
      '/missing': (res) => res.writeHead(404).end(),
    });
  });
  afterAll(() => s.close());
  const opts = { timeoutMs: 1000, maxBytes: 64, lookup: playedDns };

  it('fetches a public URL and follows a redirect to another public one', async () => {
    const r = await getPublic(`http://public.test:${s.port}/to-ok`, opts);
    expect(r).toMatchObject({ status: 200, contentType: 'image/png', url: `http://public.test:${s.port}/ok` });
    expect(await text(r.body)).toBe('bytes');
  });

  it('refuses private and loopback addresses, given or resolved', async () => {
    expect(await reason(getPublic(`http://127.0.0.1:${s.port}/ok`, opts))).toBe('private_address');
    expect(await reason(getPublic(`http://[::ffff:127.0.0.1]:${s.port}/ok`, opts))).toBe('private_address');
    expect(await reason(getPublic('http://169.254.169.254/latest/meta-data/', opts))).toBe('private_address');
    expect(await reason(getPublic(`http://internal.test:${s.port}/ok`, opts))).toBe('private_address');
    // The default lookup is the real guard: localhost resolves to loopback.
    expect(await reason(getPublic(`http://localhost:${s.port}/ok`, { timeoutMs: 1000, maxBytes: 64 }))).toBe('private_address');
  });

  it('refuses redirects to private addresses, literal or resolved', async () => {
    for (const path of ['/to-internal', '/to-loopback', '/to-metadata'])
      expect(await reason(getPublic(`http://public.test:${s.port}${path}`, opts))).toBe('private_address');
  });

  it('stops after maxRedirects', async () => {
    expect(await reason(getPublic(`http://public.test:${s.port}/loop`, opts))).toBe('redirects');
  });

  it('refuses bodies over maxBytes, declared or counted', async () => {
    expect(await reason(getPublic(`http://public.test:${s.port}/big-declared`, opts))).toBe('too_large');
    const r = await getPublic(`http://public.test:${s.port}/big-chunked`, opts);
    expect(await reason(text(r.body))).toBe('too_large');
  });

  it('times out waiting for the head or the rest of the body', async () => {
    expect(await reason(getPublic(`http://public.test:${s.port}/slow-head`, { ...opts, timeoutMs: 300 }))).toBe('timeout');
    const r = await getPublic(`http://public.test:${s.port}/slow-body`, { ...opts, timeoutMs: 300 });
    expect(await reason(text(r.body))).toBe('timeout');
  });

  it('reports other statuses, schemes and credentials', async () => {
    expect(await reason(getPublic(`http://public.test:${s.port}/missing`, opts))).toBe('status');
    expect(await reason(getPublic('file:///etc/passwd', opts))).toBe('invalid_url');
    expect(await reason(getPublic(`http://u:p@public.test:${s.port}/ok`, opts))).toBe('invalid_url');
    expect(await reason(getPublic('not a url', opts))).toBe('invalid_url');
  });

  it('lets private addresses through when allowed', async () => {
    const r = await getPublic(`http://127.0.0.1:${s.port}/ok`, { timeoutMs: 1000, maxBytes: 64, allowPrivate: true });
    expect(await text(r.body)).toBe('bytes');
  });
});
