import { createTestApp, TestApp } from '@platform/testing';
import * as oidc from 'openid-client';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { InteractionSessionHash1764547200000 } from '../../migrations/1764547200000-interaction-session-hash';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

describe('OAuth security properties', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let bia: Person;
  let client: { clientId: string; secret: string };

  const code = async (p: Person = ana, extra: Record<string, string> = {}, entityId?: string) => {
    const res = await authorize(
      p,
      { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 's1', response_type: 'code', ...extra },
      { entityId },
    );
    const params = callbackParams(res);
    if (!params.get('code')) throw new Error(`no code: ${res.location}`);
    return params.get('code')!;
  };
  const exchange = (c: string, extra: Record<string, string> = {}) =>
    tokenRequest(t, { grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: client.clientId, client_secret: client.secret, ...extra });
  const refresh = (rt: string) => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt, client_id: client.clientId, client_secret: client.secret });
  const chat = (token: string, entityId: string) =>
    t.http.post(`/api/v1/entities/${entityId}/messages`).set('Authorization', `Bearer ${token}`).send({ message: 'hello' });

  beforeAll(async () => {
    // Rotation without the reuse grace (OAUTH_REFRESH_REUSE_GRACE_SECONDS=0): every reuse is a replay; the grace has its own tests (oauth-refresh-grace).
    t = await createTestApp(entityService, { env: { OAUTH_REFRESH_REUSE_GRACE_SECONDS: '0' } });
    ana = await signUp(t, 'ana@example.com', ['Lia', 'Rui']);
    bia = await signUp(t, 'bia@example.com', ['Zoe']);
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId, { redirectUris: [REDIRECT, 'https://app.example.com/cb?x=1'] });
    client = { clientId: c.clientId, secret: c.secret! };
  });
  afterAll(() => t?.close());

  it('matches redirect_uri exactly and never redirects to an unregistered one', async () => {
    for (const bad of [
      `${REDIRECT}/`,
      REDIRECT.replace('callback', 'Callback'),
      `${REDIRECT}?extra=1`,
      'http://127.0.0.1:9@evil.example/callback',
      'http://evil.example#@127.0.0.1:9/callback',
      'https://app.example.com/cb',
      'https://app.example.com/cb?x=1&y=2',
      'HTTPS://app.example.com/cb?x=1',
    ]) {
      const res = await authorize(ana, { client_id: client.clientId, redirect_uri: bad, scope: 'entity:chat', state: 's', response_type: 'code' });
      expect(res.status, bad).toBe(400);
      expect(res.location, bad).toBeNull();
      expect(res.text).toContain('redirect_uri');
    }
    // An unknown client gets the error page too, in the page's language.
    const unknown = await authorize(
      ana,
      { client_id: 'cli_unknown', redirect_uri: REDIRECT, scope: 'entity:chat', state: 's', response_type: 'code' },
      { locale: 'pt-BR' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
    expect(unknown.text).toContain('lang="pt-BR"');
    expect(unknown.text).toContain('invalid_client');
    // The registered one with its own query works.
    const ok = await authorize(ana, {
      client_id: client.clientId,
      redirect_uri: 'https://app.example.com/cb?x=1',
      scope: 'entity:chat',
      state: 's',
      response_type: 'code',
    });
    expect(ok.location).toMatch(/^https:\/\/app\.example\.com\/cb\?x=1&code=/);
    // A redirect_uri at the token endpoint that differs from the authorization request is refused.
    const c = await code();
    expect((await exchange(c, { redirect_uri: `${REDIRECT}/` })).body.error).toBe('invalid_grant');
  });

  it('answers a wrong client secret with 401 invalid_client and stores secrets and tokens only hashed', async () => {
    const c = await code();
    const wrong = await exchange(c, { client_secret: `${client.secret}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const ok = await exchange(c);
    expect(ok.status).toBe(200);
    const { access_token, refresh_token } = ok.body as { access_token: string; refresh_token: string };
    const dump =
      JSON.stringify(await ana.browser.sql(t, `SELECT * FROM entity.oidc_payloads`)) +
      JSON.stringify(await ana.browser.sql(t, `SELECT * FROM entity.oauth_clients`));
    for (const secret of [access_token, refresh_token, c, client.secret]) expect(dump).not.toContain(secret);
  });

  it('keeps the browser session id of an interaction only as its SHA-256 (docs/entity.md says session ids are stored hashed)', async () => {
    // A first authorization logs the browser in at the provider (its `_session` cookie); the next
    // interaction records that session.
    await code();
    const sessionId = ana.browser.cookies.get('_session')!;
    expect(sessionId).toBeTruthy();
    const page = await ana.browser.follow(
      await ana.browser.get(
        `/en/oauth/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'h', response_type: 'code' })}`,
      ),
    );
    expect(page.status).toBe(200);
    const interactions = await ana.browser.sql(t, `SELECT payload FROM entity.oidc_payloads WHERE model = 'Interaction' AND payload ? 'session'`);
    expect(interactions.length).toBeGreaterThan(0);
    const [hash] = await ana.browser.sql(t, `SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS h`, [sessionId]);
    expect(interactions.map((r) => r.payload.session.cookie)).toContain(hash.h);
    const dump = JSON.stringify(await ana.browser.sql(t, `SELECT * FROM entity.oidc_payloads`));
    for (const name of ['_session', 'entity_session']) expect(dump).not.toContain(ana.browser.cookies.get(name)!);
    // The consent still completes with the hashed reference.
    const action = /<form method="post" action="(\/[^"]+\/oauth\/interaction\/[^"]+)"/.exec(page.text)![1];
    const done = await ana.browser.follow(await ana.browser.submit(action, { decision: 'allow', entity_id: ana.entityIds[0] }));
    expect(callbackParams(done).get('code')).toBeTruthy();
  });

  it('the migration hashes the session ids that interaction rows kept in plain text, once', async () => {
    const plain = 'oM4Ql_TiwFZdhImEG57dzVMFe9Ks2Uk90xdJ6iIjVHH';
    await ana.browser.sql(
      t,
      `INSERT INTO entity.oidc_payloads (model, id, payload, expires_at) VALUES
         ('Interaction', 'legacy-1', jsonb_build_object('kind', 'Interaction', 'session', jsonb_build_object('uid', 'u1', 'cookie', $1::text, 'accountId', 'usr_x')), now() + interval '1 hour'),
         ('Interaction', 'legacy-2', '{"kind": "Interaction"}', now() + interval '1 hour')`,
      [plain],
    );
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await new InteractionSessionHash1764547200000().up(runner);
      await new InteractionSessionHash1764547200000().up(runner);
    } finally {
      await runner.release();
    }
    const rows = await ana.browser.sql(t, `SELECT id, payload FROM entity.oidc_payloads WHERE id LIKE 'legacy-%' ORDER BY id`);
    const [hash] = await ana.browser.sql(t, `SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS h`, [plain]);
    expect(rows[0].payload.session).toEqual({ uid: 'u1', cookie: hash.h, accountId: 'usr_x' });
    expect(rows[1].payload).toEqual({ kind: 'Interaction' });
  });

  it('shows the chooser every time, and Deny redirects with access_denied and the state', async () => {
    await code();
    const second = await ana.browser.follow(
      await ana.browser.get(
        `/en/oauth/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'again', response_type: 'code' })}`,
      ),
    );
    expect(second.status).toBe(200);
    expect(second.text).toContain('Acme Chat');
    expect(second.text).toContain('name="entity_id"');
    expect(second.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const denied = await authorize(
      ana,
      { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'no thanks', response_type: 'code' },
      { decision: 'deny' },
    );
    const params = callbackParams(denied);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('no thanks');
    expect(params.get('code')).toBeNull();
  });

  it('shows the page in pt-BR', async () => {
    const res = await ana.browser.follow(
      await ana.browser.get(
        `/pt-BR/oauth/authorize?${new URLSearchParams({ client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'x', response_type: 'code' })}`,
      ),
    );
    expect(res.text).toContain('lang="pt-BR"');
    expect(res.text).toContain('Permitir');
  });

  it('a code is single-use; a replayed code revokes the tokens it produced', async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    expect((await chat(first.body.access_token as string, ana.entityIds[0])).status).toBe(200);
    const replay = await exchange(c);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect((await chat(first.body.access_token as string, ana.entityIds[0])).status).toBe(401);
    expect((await refresh(first.body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it('a code lives 60 seconds', async () => {
    const c = await code();
    const [row] = await ana.browser.sql(
      t,
      `SELECT extract(epoch from expires_at - now()) AS ttl FROM entity.oidc_payloads WHERE model = 'AuthorizationCode' ORDER BY expires_at DESC LIMIT 1`,
    );
    expect(Number(row.ttl)).toBeGreaterThan(50);
    expect(Number(row.ttl)).toBeLessThanOrEqual(60);
    await ana.browser.sql(
      t,
      `UPDATE entity.oidc_payloads SET expires_at = now() - interval '1 second', payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::int - 1)) WHERE model = 'AuthorizationCode'`,
    );
    const late = await exchange(c);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });

  it('parallel redemptions of one code yield exactly one success', async () => {
    const c = await code();
    const results = await Promise.all(Array.from({ length: 6 }, () => exchange(c)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error).toBe('invalid_grant');
  });

  it('rotates the refresh token; a reused one revokes the whole grant; parallel refreshes yield one success', async () => {
    const tokens = (await exchange(await code())).body as Record<string, string>;
    const r2 = await refresh(tokens.refresh_token);
    expect(r2.status).toBe(200);
    expect(r2.body).toMatchObject({ expires_in: 3600, entity_id: ana.entityIds[0], scope: 'entity:chat' });
    expect(r2.body.refresh_token).not.toBe(tokens.refresh_token);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await refresh(r2.body.refresh_token as string)).body.error).toBe('invalid_grant');
    expect((await chat(r2.body.access_token as string, ana.entityIds[0])).status).toBe(401);

    const fresh = (await exchange(await code())).body as Record<string, string>;
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(fresh.refresh_token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('revokes at once (RFC 7009), with client authentication', async () => {
    const tokens = (await exchange(await code())).body as Record<string, string>;
    const unauth = await t.fetch(`/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: client.clientId, client_secret: 'nope' }).toString(),
    });
    expect(unauth.status).toBe(401);
    const res = await t.fetch(`/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: client.clientId,
        client_secret: client.secret,
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect((await chat(tokens.access_token, ana.entityIds[0])).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('an access token works only for its entity, needs entity:chat, and is rate-limited on its own', async () => {
    const tokens = (await exchange(await code(ana, {}, ana.entityIds[1]))).body as Record<string, string>;
    const own = await chat(tokens.access_token, ana.entityIds[1]);
    expect(own.status).toBe(200);
    const sibling = await chat(tokens.access_token, ana.entityIds[0]);
    expect(sibling.status).toBe(404);
    expect(sibling.body).toMatchObject({ ok: false, code: 'entity_not_found' });
    expect((await chat(tokens.access_token, bia.entityIds[0])).status).toBe(404);
    expect((await t.http.get('/api/v1/entities').set('Authorization', `Bearer ${tokens.access_token}`)).status).toBe(403);
    expect((await t.http.post('/api/v1/entities').set('Authorization', `Bearer ${tokens.access_token}`).send({ name: 'x', purpose: 'y' })).status).toBe(403);
    const entity = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}`).set('Authorization', `Bearer ${tokens.access_token}`);
    expect(entity.status).toBe(200);

    // A request without entity:chat gets no code at all; a token whose scope lacks it is refused.
    const noScope = await authorize(ana, { client_id: client.clientId, redirect_uri: REDIRECT, scope: '', state: 's', response_type: 'code' });
    expect(callbackParams(noScope).get('code')).toBeNull();
    const scopeless = (await exchange(await code())).body as Record<string, string>;
    await ana.browser.sql(
      t,
      `UPDATE entity.oidc_payloads SET payload = jsonb_set(payload, '{scope}', '""') WHERE model = 'AccessToken' AND id = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [scopeless.access_token],
    );
    const denied = await chat(scopeless.access_token, ana.entityIds[0]);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ ok: false, code: 'insufficient_scope' });
    expect(denied.headers['www-authenticate']).toContain('insufficient_scope');

    const other = (await exchange(await code(ana, {}, ana.entityIds[1]))).body as Record<string, string>;
    const a = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}/messages`).set('Authorization', `Bearer ${tokens.access_token}`);
    const b = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}/messages`).set('Authorization', `Bearer ${other.access_token}`);
    expect([a.status, b.status, a.body]).toEqual([200, 200, expect.anything()]);
    expect(Number(a.headers['x-ratelimit-remaining'])).toBeLessThan(Number(b.headers['x-ratelimit-remaining']));
  });

  it('answers OAuth errors in RFC 6749 form', async () => {
    const res = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: 'nope',
      redirect_uri: REDIRECT,
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    const unsupported = await tokenRequest(t, { grant_type: 'password', client_id: client.clientId, client_secret: client.secret });
    expect(unsupported.body.error).toBe('unsupported_grant_type');
  });
});

describe('PKCE', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com');
  });
  afterAll(() => t?.close());

  const run = async (clientId: string, extra: Record<string, string>) =>
    authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat offline_access', state: 'p', response_type: 'code', ...extra });

  it('is required for public clients and for clients configured with it; S256 is checked at the token endpoint', async () => {
    const dev = await t.account('dev');
    const pub = await registerClient(t, dev.accountId, { isPublic: true });
    const strict = await registerClient(t, dev.accountId, { requirePkce: true });
    expect(pub.secret).toBeNull();
    for (const c of [pub.clientId, strict.clientId]) {
      const res = await run(c, {});
      expect(callbackParams(res).get('error')).toBe('invalid_request');
      expect(callbackParams(res).get('state')).toBe('p');
    }
    const plain = await run(pub.clientId, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
    expect(callbackParams(plain).get('error')).toBe('invalid_request');

    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const ok = await run(pub.clientId, { code_challenge: challenge, code_challenge_method: 'S256' });
    const c1 = callbackParams(ok).get('code')!;
    const wrong = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: c1,
      redirect_uri: REDIRECT,
      client_id: pub.clientId,
      code_verifier: oidc.randomPKCECodeVerifier(),
    });
    expect(wrong.body.error).toBe('invalid_grant');

    const ok2 = await run(pub.clientId, { code_challenge: challenge, code_challenge_method: 'S256' });
    const c2 = callbackParams(ok2).get('code')!;
    const good = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: c2,
      redirect_uri: REDIRECT,
      client_id: pub.clientId,
      code_verifier: verifier,
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ entity_id: ana.entityIds[0], expires_in: 3600 });

    const ok3 = await run(strict.clientId, { code_challenge: challenge, code_challenge_method: 'S256' });
    const c3 = callbackParams(ok3).get('code')!;
    const missing = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: c3,
      redirect_uri: REDIRECT,
      client_id: strict.clientId,
      client_secret: strict.secret!,
    });
    expect(missing.body.error).toBe('invalid_grant');
  });

  it('is accepted (S256) from a confidential client that does not need it', async () => {
    const dev = await t.account('dev2');
    const c = await registerClient(t, dev.accountId);
    const verifier = oidc.randomPKCECodeVerifier();
    const res = await run(c.clientId, { code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const got = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: callbackParams(res).get('code')!,
      redirect_uri: REDIRECT,
      client_id: c.clientId,
      client_secret: c.secret!,
      code_verifier: verifier,
    });
    expect(got.status).toBe(200);
  });
});

describe('PKCE for every client when OAUTH_REQUIRE_PKCE is set', () => {
  let t: TestApp<EntityConfig>;
  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { OAUTH_REQUIRE_PKCE: 'true' } });
  });
  afterAll(() => t?.close());

  it('refuses a confidential client without a code challenge and accepts S256', async () => {
    const ana = await signUp(t, 'ana@example.com');
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId);
    const params = { client_id: c.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'q', response_type: 'code' };
    expect(callbackParams(await authorize(ana, params)).get('error')).toBe('invalid_request');
    const verifier = oidc.randomPKCECodeVerifier();
    const res = await authorize(ana, { ...params, code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const got = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: callbackParams(res).get('code')!,
      redirect_uri: REDIRECT,
      client_id: c.clientId,
      client_secret: c.secret!,
      code_verifier: verifier,
    });
    expect(got.status).toBe(200);
  });
});
