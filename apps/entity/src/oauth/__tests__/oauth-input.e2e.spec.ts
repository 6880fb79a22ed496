import { createTestApp, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { loadOidc, postgresAdapter } from '@platform/auth';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

const form = (t: TestApp<EntityConfig>, path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);

describe('OAuth parameters PostgreSQL cannot store (NUL)', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string };
  let params: Record<string, string>;
  const rows = async () => Number((await ana.browser.sql(t, `SELECT count(*) AS n FROM entity.oidc_payloads`))[0].n);

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId);
    client = { clientId: c.clientId, secret: c.secret! };
    params = { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 's', response_type: 'code' };
  });
  afterAll(() => t?.close());

  it('the authorization endpoint and the authorize page answer the OAuth error page (400), store nothing and redirect nowhere', async () => {
    const before = await rows();
    const cases: [Record<string, string>, string][] = [
      [{ ...params, state: '\u0000' }, 'invalid_request'],
      [{ ...params, state: 'abc\u0000def' }, 'invalid_request'],
      [{ ...params, client_id: '\u0000' }, 'invalid_client'],
      [{ ...params, redirect_uri: `${REDIRECT}\u0000` }, 'invalid_request'],
      [{ ...params, 'x\u0000': '1' }, 'invalid_request'],
      [{ ...params, code_challenge: '\u0000', code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [query, error] of cases) {
      const qs = new URLSearchParams(query).toString();
      for (const path of [`/api/oauth/auth?${qs}`, `/en/oauth/authorize?${qs}`, `/pt-BR/oauth/authorize?${qs}`]) {
        const res = await ana.browser.get(path);
        expect(res.status, path).toBe(400);
        expect(res.location, path).toBeNull();
        expect(res.headers.get('content-type'), path).toContain('text/html');
        expect(res.text, path).toContain(`<code>${error}</code>`);
        if (path.startsWith('/pt-BR')) expect(res.text).toContain('lang="pt-BR"');
      }
      // The same request as a form post to the authorization endpoint.
      const posted = await ana.browser.post('/api/oauth/auth', query);
      expect(posted.status).toBe(400);
      expect(posted.text).toContain(`<code>${error}</code>`);
    }
    // The resume path of an interaction.
    const resume = await ana.browser.get('/api/oauth/auth/%00');
    expect(resume.status).toBe(400);
    expect(resume.text).toContain('<code>invalid_request</code>');
    expect(await rows()).toBe(before);
  });

  it('the token and revocation endpoints answer RFC 6749 errors: invalid_client (401) for the client id or secret, invalid_request (400) otherwise', async () => {
    const before = await rows();
    const exchange = { grant_type: 'authorization_code', code: 'c', redirect_uri: REDIRECT, client_id: client.clientId, client_secret: client.secret };
    const cases: [string, Record<string, string>, number, string][] = [
      ['/api/oauth/token', { ...exchange, client_id: '\u0000' }, 401, 'invalid_client'],
      ['/api/oauth/token', { ...exchange, client_secret: `${client.secret}\u0000` }, 401, 'invalid_client'],
      ['/api/oauth/token', { ...exchange, code: '\u0000' }, 400, 'invalid_request'],
      ['/api/oauth/token', { ...exchange, redirect_uri: '\u0000' }, 400, 'invalid_request'],
      [
        '/api/oauth/token',
        { grant_type: 'refresh_token', refresh_token: 'r\u0000', client_id: client.clientId, client_secret: client.secret },
        400,
        'invalid_request',
      ],
      ['/api/oauth/token', { grant_type: '\u0000', client_id: client.clientId, client_secret: client.secret }, 400, 'invalid_request'],
      ['/api/oauth/revoke', { token: 't', client_id: '\u0000', client_secret: client.secret }, 401, 'invalid_client'],
      ['/api/oauth/revoke', { token: '\u0000', client_id: client.clientId, client_secret: client.secret }, 400, 'invalid_request'],
    ];
    for (const [path, body, status, error] of cases) {
      const res = await form(t, path, new URLSearchParams(body).toString());
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ error, error_description: expect.stringContaining('NUL') });
    }
    // In the query string of a token request too.
    const inQuery = await form(t, '/api/oauth/token?client_id=%00', new URLSearchParams(exchange).toString());
    expect(inQuery.status).toBe(401);
    expect(await rows()).toBe(before);
  });

  it('the interaction pages refuse a NUL without a 500', async () => {
    const res = await ana.browser.follow(await ana.browser.get(`/en/oauth/authorize?${new URLSearchParams(params)}`));
    expect(res.status).toBe(200);
    const action = /<form method="post" action="(\/[^"]+\/oauth\/interaction\/[^"]+)"/.exec(res.text)![1];
    const badEntity = await ana.browser.submit(action, { decision: 'allow', entity_id: '\u0000' });
    expect(badEntity.status).toBe(422);
    expect(badEntity.text).toContain('name="entity_id"');
    const badUid = await ana.browser.get(action.replace(/[^/]+$/, '%00'));
    expect(badUid.status).toBeGreaterThanOrEqual(400);
    expect(badUid.status).toBeLessThan(500);
    // The interaction still completes normally afterwards.
    const ok = await ana.browser.follow(await ana.browser.submit(action, { decision: 'allow', entity_id: ana.entityIds[0] }));
    expect(callbackParams(ok).get('code')).toBeTruthy();
  });

  it('the storage adapter itself never sends a NUL to PostgreSQL', async () => {
    const oidc = await loadOidc();
    const ds = t.app.get(DataSource);
    const Adapter = postgresAdapter(
      ds,
      'entity',
      oidc,
      async () => undefined,
      async () => null,
    );
    const before = await rows();
    await expect(new Adapter('Interaction').upsert('i1', { params: { state: 'a\u0000b' } }, 60)).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(new Adapter('Interaction').upsert('i2', { params: { ['k\u0000']: 'v' } }, 60)).rejects.toMatchObject({ error: 'invalid_request' });
    await expect(new Adapter('Interaction').upsert('i3', { params: { state: 'lone \ud800 surrogate' } }, 60)).rejects.toMatchObject({
      error: 'invalid_request',
    });
    await expect(new Adapter('Session').upsert('s1', { uid: 'u\u0000' }, 60)).rejects.toMatchObject({ error: 'invalid_request' });
    expect(await new Adapter('Session').findByUid('u\u0000')).toBeUndefined();
    expect(await new Adapter('Client').find('\u0000')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('\u0000')).toBeUndefined();
    expect(await rows()).toBe(before);
    // A well-formed astral character (a surrogate pair) is stored as any other.
    await new Adapter('Interaction').upsert('i4', { params: { state: 'emoji 🦊' } }, 60);
    expect(((await new Adapter('Interaction').find('i4')) as { params: { state: string } }).params.state).toBe('emoji 🦊');
  });
});

describe('OAuth request bodies up to BODY_LIMIT', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string };

  const code = async () => {
    const res = await authorize(ana, { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'b', response_type: 'code' });
    return callbackParams(res).get('code')!;
  };

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { BODY_LIMIT: '200kb' } });
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId);
    client = { clientId: c.clientId, secret: c.secret! };
  });
  afterAll(() => t?.close());

  it('a token request over 56 KB and under the limit is served (oidc-provider alone answered 400 from 56 KB)', async () => {
    const res = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      client_id: client.clientId,
      client_secret: client.secret,
      padding: 'x'.repeat(150_000),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', entity_id: ana.entityIds[0], expires_in: 3600 });
    const revoked = await form(
      t,
      '/api/oauth/revoke',
      new URLSearchParams({
        token: res.body.refresh_token as string,
        client_id: client.clientId,
        client_secret: client.secret,
        padding: 'y'.repeat(150_000),
      }).toString(),
    );
    expect(revoked.status).toBe(200);
  });

  it('a body over the limit answers 413 in the RFC 6749 body, with or without Content-Length, and changes nothing', async () => {
    const c = await code();
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: c,
      redirect_uri: REDIRECT,
      client_id: client.clientId,
      client_secret: client.secret,
      padding: 'x'.repeat(210_000),
    }).toString();
    const sized = await form(t, '/api/oauth/token', body);
    expect(sized.status).toBe(413);
    expect(sized.headers.get('content-type')).toContain('application/json');
    expect(await sized.json()).toEqual({ error: 'invalid_request', error_description: 'the request body is larger than 200kb' });

    const bytes = new TextEncoder().encode(body);
    const chunked = await form(
      t,
      '/api/oauth/token',
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.slice(i, i + 16_384));
          controller.close();
        },
      }),
    );
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ error: 'invalid_request' });

    const revoke = await form(t, '/api/oauth/revoke', `token=x&client_id=${client.clientId}&padding=${'z'.repeat(210_000)}`);
    expect(revoke.status).toBe(413);

    // The code was not consumed by the refused requests.
    const ok = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: c,
      redirect_uri: REDIRECT,
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(ok.status).toBe(200);
  });
});
