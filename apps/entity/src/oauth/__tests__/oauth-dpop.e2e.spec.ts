import { checkedFetch, createTestApp, TestAccount, TestApp } from '@platform/testing';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import IORedis from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, clientConfig, Person, REDIRECT, registerClient, signUp } from './harness';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** What clients address: /api/v1 computes a proof's expected `htu` from it, never from the Host header. */
const PUBLIC_BASE_URL = 'http://entity.test';
const ALGS = 'ES256 Ed25519 EdDSA';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ath = (token: string) => createHash('sha256').update(token).digest('base64url');
const now = () => Math.floor(Date.now() / 1000);

interface ProofOptions {
  key?: KeyPair;
  htm?: string;
  htu?: string;
  iat?: number;
  /** null leaves `ath` out. */
  ath?: string | null;
  jti?: string;
  typ?: string;
  jwk?: JWK;
}

describe('DPoP-bound access tokens on /api/v1 (RFC 9449)', () => {
  let t: TestApp<EntityConfig>;
  let replica: TestApp<EntityConfig>;
  let ana: Person;
  let dev: TestAccount;
  let client: { clientId: string; secret: string | null };
  let config: oidc.Configuration;
  let key: KeyPair;
  let token: string;
  let path: string;

  /** A DPoP proof for `GET path` with `token`, signed by `key`, unless told otherwise. */
  const proof = async (o: ProofOptions = {}) => {
    const k = o.key ?? key;
    const claims = {
      htm: o.htm ?? 'GET',
      htu: o.htu ?? `${PUBLIC_BASE_URL}${path}`,
      iat: o.iat ?? now(),
      jti: o.jti ?? randomUUID(),
      ...(o.ath === null ? {} : { ath: o.ath ?? ath(token) }),
    };
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: o.typ ?? 'dpop+jwt', jwk: o.jwk ?? (await exportJWK(k.publicKey)) }).sign(k.privateKey);
  };
  const get = (
    app: TestApp<EntityConfig>,
    dpop: string | string[] | undefined,
    opts: { scheme?: string; url?: string; headers?: Record<string, string> } = {},
  ) => {
    let req = app.http.get(opts.url ?? path).set('Authorization', `${opts.scheme ?? 'DPoP'} ${token}`);
    if (dpop !== undefined) req = req.set('DPoP', dpop as string); // an array sends one header line per proof
    for (const [name, value] of Object.entries(opts.headers ?? {})) req = req.set(name, value);
    return req;
  };
  /** 401 in the entity envelope with the RFC 9449 challenge for `error`, and the message naming the fault. */
  const expectRefused = (res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }, error: string, message: RegExp) => {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      ok: false,
      code: error === 'invalid_dpop_proof' ? 'invalid_dpop_proof' : 'unauthorized',
      error: expect.stringMatching(message),
    });
    expect(res.headers['www-authenticate']).toMatch(new RegExp(`^DPoP realm="entity", error="${error}", error_description="[^"]+", algs="${ALGS}"$`));
  };
  const interactions = async () => Number((await ana.browser.sql(t, `SELECT count(*) AS n FROM entity.interactions`))[0].n);

  /** Authorizes `client` for Ana's first entity and redeems the code, with a DPoP proof of `dpopKey` when given. */
  const tokens = async (cfg: oidc.Configuration, dpopKey?: KeyPair, pkce = false) => {
    const verifier = oidc.randomPKCECodeVerifier();
    const params: Record<string, string> = {
      client_id: cfg.clientMetadata().client_id,
      redirect_uri: REDIRECT,
      scope: 'entity:chat',
      state: 's',
      response_type: 'code',
    };
    if (pkce) Object.assign(params, { code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const res = await authorize(ana, params);
    expect(callbackParams(res).get('code')).toBeTruthy();
    return oidc.authorizationCodeGrant(
      cfg,
      new URL(res.location!),
      { expectedState: 's', ...(pkce ? { pkceCodeVerifier: verifier } : {}) },
      undefined,
      dpopKey ? { DPoP: oidc.getDPoPHandle(cfg, dpopKey) } : undefined,
    );
  };

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { PUBLIC_BASE_URL } });
    // A second replica on the same database and Redis prefix, behind the same public URL.
    replica = await createTestApp(entityService, { replicaOf: t, env: { PUBLIC_BASE_URL } });
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    dev = await t.account('dev');
    client = await registerClient(t, dev.accountId);
    config = clientConfig(t, client.clientId, client.secret);
    key = await generateKeyPair('ES256', { extractable: true });
    const issued = await tokens(config, key);
    expect(issued.token_type.toLowerCase()).toBe('dpop');
    token = issued.access_token;
    path = `/api/v1/entities/${ana.entityIds[0]}/messages`;
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  it('accepts a DPoP-bound token with Authorization: DPoP and a valid proof, on every replica', async () => {
    const res = await get(t, await proof());
    expect(res.status).toBe(200);
    expect((await get(replica, await proof())).status).toBe(200);
    // htu carries no query: a request with one is matched on its path.
    expect((await get(t, await proof(), { url: `${path}?since=2020-01-01T00:00:00Z` })).status).toBe(200);
    const before = await interactions();
    const sent = await t.http
      .post(path)
      .set('Authorization', `DPoP ${token}`)
      .set('DPoP', await proof({ htm: 'POST' }))
      .send({ message: 'Hi, I am Bia', end_user_id: 'bia' });
    expect(sent.status).toBe(200);
    expect(await interactions()).toBe(before + 1);
  });

  it('refuses the bound token as Bearer, with or without a proof (RFC 9449 §7.2)', async () => {
    expectRefused(await get(t, undefined, { scheme: 'Bearer' }), 'invalid_token', /DPoP-bound/);
    expectRefused(await get(t, await proof(), { scheme: 'Bearer' }), 'invalid_token', /DPoP-bound/);
    const before = await interactions();
    const sent = await t.http.post(path).set('Authorization', `Bearer ${token}`).send({ message: 'hello' });
    expectRefused(sent, 'invalid_token', /DPoP-bound/);
    expect(await interactions()).toBe(before);
  });

  it('refuses a request without a proof, or with two', async () => {
    expectRefused(await get(t, undefined), 'invalid_dpop_proof', /DPoP header/);
    expectRefused(await get(t, [await proof(), await proof()]), 'invalid_dpop_proof', /exactly one/);
    expectRefused(await get(t, 'not-a-jwt'), 'invalid_dpop_proof', /compact serialization/);
  });

  it('refuses a proof for another method (htm)', async () => {
    expectRefused(await get(t, await proof({ htm: 'POST' })), 'invalid_dpop_proof', /htm/);
    const before = await interactions();
    const sent = await t.http
      .post(path)
      .set('Authorization', `DPoP ${token}`)
      .set('DPoP', await proof({ htm: 'GET' }))
      .send({ message: 'hello' });
    expectRefused(sent, 'invalid_dpop_proof', /htm/);
    expect(await interactions()).toBe(before);
  });

  it('refuses a proof for another URL (htu), taking the origin from PUBLIC_BASE_URL and not from Host headers', async () => {
    expectRefused(await get(t, await proof({ htu: `${PUBLIC_BASE_URL}/api/v1/entities/ent_other/messages` })), 'invalid_dpop_proof', /htu/);
    expectRefused(await get(t, await proof({ htu: `https://entity.test${path}` })), 'invalid_dpop_proof', /htu/);
    // The URL this request really went to, and Host headers an attacker sets to match it.
    expectRefused(await get(t, await proof({ htu: `${t.url}${path}` })), 'invalid_dpop_proof', /htu/);
    const spoofed = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };
    expectRefused(await get(t, await proof({ htu: `http://evil.example${path}` }), { headers: spoofed }), 'invalid_dpop_proof', /htu/);
  });

  it('refuses a stale proof and one from the future (iat)', async () => {
    expectRefused(await get(t, await proof({ iat: now() - 301 })), 'invalid_dpop_proof', /too old/);
    expectRefused(await get(t, await proof({ iat: now() + 120 })), 'invalid_dpop_proof', /future/);
    // Within the window (a few seconds old) it passes.
    expect((await get(t, await proof({ iat: now() - 200 }))).status).toBe(200);
  });

  it('refuses a proof for another access token, or without ath', async () => {
    expectRefused(await get(t, await proof({ ath: ath(`${token}x`) })), 'invalid_dpop_proof', /ath/);
    expectRefused(await get(t, await proof({ ath: null })), 'invalid_dpop_proof', /ath/);
  });

  it('refuses a proof signed by a key other than the bound one', async () => {
    const other = await generateKeyPair('ES256', { extractable: true });
    expectRefused(await get(t, await proof({ key: other })), 'invalid_dpop_proof', /not the key the access token is bound to/);
    // The bound key's jwk in the header with another key's signature.
    expectRefused(await get(t, await proof({ key: other, jwk: await exportJWK(key.publicKey) })), 'invalid_dpop_proof', /signature/);
  });

  it('refuses a replayed proof (jti), on the same replica and on another one sharing Redis', async () => {
    const once = await proof();
    expect((await get(t, once)).status).toBe(200);
    expectRefused(await get(t, once), 'invalid_dpop_proof', /replayed/);
    expectRefused(await get(replica, once), 'invalid_dpop_proof', /replayed/);
    const other = await proof();
    expect((await get(replica, other)).status).toBe(200);
    expectRefused(await get(t, other), 'invalid_dpop_proof', /replayed/);
    // The same jti in a new proof (another iat) is a replay too.
    const jti = randomUUID();
    expect((await get(t, await proof({ jti }))).status).toBe(200);
    expectRefused(await get(replica, await proof({ jti, iat: now() - 1 })), 'invalid_dpop_proof', /replayed/);
    // Remembered in Redis under the service's prefix, for as long as the proofs stay acceptable.
    const redis = new IORedis(process.env.TEST_REDIS_URL!);
    try {
      const [, found] = await redis.scan('0', 'MATCH', `${t.config.redis.prefix}:entity:dpop-jti:*`, 'COUNT', 1000);
      expect(found.length).toBeGreaterThanOrEqual(3);
      const ttl = await redis.ttl(found[0]);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(301);
    } finally {
      await redis.quit();
    }
  });

  it('refuses alg none, HS256 and a typ other than dpop+jwt', async () => {
    const jwk = await exportJWK(key.publicKey);
    const claims = { htm: 'GET', htu: `${PUBLIC_BASE_URL}${path}`, iat: now(), jti: randomUUID(), ath: ath(token) };
    const none = `${b64({ alg: 'none', typ: 'dpop+jwt', jwk })}.${b64(claims)}.`;
    expectRefused(await get(t, none), 'invalid_dpop_proof', /alg/);
    // HMAC keyed with the public key's JSON (the classic key-confusion attempt).
    const hs256 = await new SignJWT({ ...claims, jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk })
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expectRefused(await get(t, hs256), 'invalid_dpop_proof', /alg/);
    expectRefused(await get(t, await proof({ typ: 'JWT' })), 'invalid_dpop_proof', /typ/);
  });

  it('refuses a proof whose jwk contains the private key', async () => {
    const jwk = await exportJWK(key.privateKey);
    expect(jwk.d).toBeTruthy();
    // Same thumbprint as the bound public key, and a valid signature: only the private part is wrong.
    expect(await calculateJwkThumbprint(jwk)).toBe(await calculateJwkThumbprint(await exportJWK(key.publicKey)));
    expectRefused(await get(t, await proof({ jwk })), 'invalid_dpop_proof', /private key/);
  });

  it('keeps unbound tokens as Bearer credentials and API keys unaffected', async () => {
    const bearer = await tokens(config);
    expect(bearer.token_type.toLowerCase()).toBe('bearer');
    expect((await t.http.get(path).set('Authorization', `Bearer ${bearer.access_token}`)).status).toBe(200);
    const asDpop = await t.http
      .get(path)
      .set('Authorization', `DPoP ${bearer.access_token}`)
      .set('DPoP', await proof({ ath: ath(bearer.access_token) }));
    expectRefused(asDpop, 'invalid_token', /not DPoP-bound/);
    expect((await t.http.get('/api/v1/entities').set('Authorization', `Bearer ${dev.key}`)).status).toBe(200);
    const keyAsDpop = await t.http
      .get('/api/v1/entities')
      .set('Authorization', `DPoP ${dev.key}`)
      .set('DPoP', await proof({ ath: ath(dev.key) }));
    expectRefused(keyAsDpop, 'invalid_token', /API keys are not DPoP-bound/);
  });

  it('advertises DPoP in the 401 challenge and the same algorithms in discovery', async () => {
    const missing = await t.http.get(path);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe(`Bearer realm="entity", DPoP realm="entity", algs="${ALGS}"`);
    const discovery = (await (await fetch(`${t.url}/api/oauth/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.dpop_signing_alg_values_supported).toEqual(ALGS.split(' '));
    const unknown = await t.http
      .get(path)
      .set('Authorization', 'DPoP unknown-token')
      .set('DPoP', await proof());
    expect(unknown.status).toBe(401);
    expect(unknown.headers['www-authenticate']).toBe(`DPoP realm="entity", error="invalid_token", algs="${ALGS}"`);
  });

  it('refreshes a public client’s DPoP-bound tokens with a proof of the same key', async () => {
    const pub = await registerClient(t, dev.accountId, { isPublic: true });
    const cfg = clientConfig(t, pub.clientId, null);
    const publicKey = await generateKeyPair('ES256', { extractable: true });
    const first = await tokens(cfg, publicKey, true);
    expect(first.token_type.toLowerCase()).toBe('dpop');
    // The refresh token is bound too: without a proof, or with another key, it is refused.
    await expect(oidc.refreshTokenGrant(cfg, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const stranger = await generateKeyPair('ES256', { extractable: true });
    await expect(oidc.refreshTokenGrant(cfg, first.refresh_token!, undefined, { DPoP: oidc.getDPoPHandle(cfg, stranger) })).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // A proof that does not verify (here: for another URL) answers the token endpoint's invalid_dpop_proof.
    const badProof = await proof({ key: publicKey, htm: 'POST', htu: `${t.url}/api/oauth/revoke`, ath: null });
    const bad = await checkedFetch(`${t.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', DPoP: badProof },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: pub.clientId }).toString(),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    const refreshed = await oidc.refreshTokenGrant(cfg, first.refresh_token!, undefined, { DPoP: oidc.getDPoPHandle(cfg, publicKey) });
    expect(refreshed.token_type.toLowerCase()).toBe('dpop');
    const previous = token;
    token = refreshed.access_token;
    try {
      expect((await get(t, await proof({ key: publicKey }))).status).toBe(200);
      expectRefused(await get(t, await proof()), 'invalid_dpop_proof', /not the key/);
      expectRefused(await get(t, undefined, { scheme: 'Bearer' }), 'invalid_token', /DPoP-bound/);
    } finally {
      token = previous;
    }
  });
});
