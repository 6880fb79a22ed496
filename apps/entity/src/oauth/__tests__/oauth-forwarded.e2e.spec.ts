import { createTestApp, TestApp } from '@platform/testing';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

/** What a client on the same host or network can send: koa (proxy = true) used to believe it from anyone. */
const SPOOFED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

/**
 * The OAuth provider (oidc-provider on koa) follows X-Forwarded-Host/-Proto/-For only from a peer in TRUSTED_PROXIES,
 * as express does for the rest of the service: they change the URLs it hands out and the DPoP `htu` its token
 * endpoint expects.
 */
describe('OAuth provider: forwarded headers only from TRUSTED_PROXIES', () => {
  let t: TestApp<EntityConfig>;
  let proxied: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string | null };

  beforeAll(async () => {
    // The test connects from 127.0.0.1: not a trusted proxy here (TRUSTED_PROXIES unset) ...
    t = await createTestApp(entityService);
    // ... and one here, as the proxy in front of the service would be.
    proxied = await createTestApp(entityService, { replicaOf: t, env: { TRUSTED_PROXIES: '127.0.0.1' } });
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    client = await registerClient(t, dev.accountId);
  });
  afterAll(async () => {
    await proxied?.close();
    await t?.close();
  });

  const discovery = async (app: TestApp<EntityConfig>, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${app.url}${path}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const urlsOf = (doc: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(doc).filter(([k, v]) => typeof v === 'string' && /(_endpoint|_uri|^issuer)$/.test(k)));
  const code = async () =>
    callbackParams(await authorize(ana, { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 's', response_type: 'code' })).get(
      'code',
    )!;
  const key = generateKeyPair('ES256', { extractable: true });
  const proofFor = async (htu: string) => {
    const k = await key;
    return new SignJWT({ htm: 'POST', htu, iat: Math.floor(Date.now() / 1000), jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(k.publicKey) })
      .sign(k.privateKey);
  };
  const redeem = async (app: TestApp<EntityConfig>, htu: string, headers: Record<string, string>) =>
    tokenRequest(
      app,
      { grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, client_id: client.clientId, client_secret: client.secret! },
      { ...headers, dpop: await proofFor(htu) },
    );

  it('hands out the same URLs whatever X-Forwarded-Host/-Proto a peer that is not a trusted proxy sends', async () => {
    for (const path of ['/api/oauth/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const plain = urlsOf(await discovery(t, path));
      expect(plain.token_endpoint).toBe(`${t.url}/api/oauth/token`);
      const spoofed = await discovery(t, path, SPOOFED);
      expect(urlsOf(spoofed)).toEqual(plain);
      expect(JSON.stringify(spoofed)).not.toContain('evil.example');
    }
    // The authorization endpoint's redirect (to the login and consent page) and its cookies: not https, not evil.example.
    const auth = await fetch(
      `${t.url}/api/oauth/auth?${new URLSearchParams({ client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'x', response_type: 'code' })}`,
      { headers: SPOOFED, redirect: 'manual' },
    );
    expect(auth.status).toBe(303);
    expect(auth.headers.get('location')).not.toContain('evil.example');
    const cookies = auth.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
  });

  it("checks a DPoP proof's htu at the token endpoint against the connection's own URL, not the spoofed one", async () => {
    // A proof made for the spoofed origin is refused ...
    const forged = await redeem(t, 'https://evil.example/api/oauth/token', SPOOFED);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: 'invalid_dpop_proof', error_description: expect.stringMatching(/htu/) });
    expect(forged.body.access_token).toBeUndefined();
    // ... and one for the URL the client really called is accepted, headers or not.
    const honest = await redeem(t, `${t.url}/api/oauth/token`, SPOOFED);
    expect(honest.status).toBe(200);
    expect(honest.body).toMatchObject({ token_type: 'DPoP' });
  });

  it('follows X-Forwarded-Host/-Proto from a peer in TRUSTED_PROXIES, as express does', async () => {
    const doc = await discovery(proxied, '/.well-known/oauth-authorization-server', SPOOFED);
    expect(doc.token_endpoint).toBe('https://evil.example/api/oauth/token');
    // Without the headers, the connection's own URL.
    expect((await discovery(proxied, '/.well-known/oauth-authorization-server')).token_endpoint).toBe(`${proxied.url}/api/oauth/token`);
    // The token endpoint expects the proxy's URL in htu.
    expect((await redeem(proxied, `${proxied.url}/api/oauth/token`, SPOOFED)).body).toMatchObject({ error: 'invalid_dpop_proof' });
    expect((await redeem(proxied, 'https://evil.example/api/oauth/token', SPOOFED)).status).toBe(200);
  });
});
