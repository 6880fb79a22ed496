import { captureLogs, createTestApp, leakedSecrets, LogCapture, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

/**
 * No log line carries a token, code, cookie, session id, API key, client secret or password,
 * not even when an OAuth query fails with all of them in flight (before: the failing query was
 * logged with its SQL parameters, the interaction payload with the provider session's id, and the
 * redirect to the client with its code).
 */
describe('entity logs carry no secrets', () => {
  const PASSWORD = 'correct horse battery staple 42';
  let capture: LogCapture<EntityConfig>;
  let t: TestApp<EntityConfig>;
  let ana: Person;

  beforeAll(async () => {
    capture = captureLogs(entityService);
    t = await createTestApp(capture.def, { env: { LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => {
    await t?.close();
    capture?.restore();
  });

  it('through a whole OAuth flow and failing OAuth queries', async () => {
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const login = await ana.browser.submit('/en/login', { email: 'ana@example.com', password: PASSWORD }, '/en/login');
    expect(login.status).toBe(401); // a wrong password: a failed request in the logs, without the password
    const dev = await t.account('dev');
    expect((await t.http.get('/api/v1/entities').set('Authorization', `Bearer ${dev.key}`)).status).toBe(200);
    const { clientId, secret } = await registerClient(t, dev.accountId);
    const params = { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'logs', response_type: 'code' };
    const exchange = (code: string) =>
      tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, client_secret: secret! });

    const first = callbackParams(await authorize(ana, params)).get('code')!;
    const tokens = (await exchange(first)).body as Record<string, string>;
    expect(tokens.access_token).toBeTruthy();
    const chat = await t.http
      .post(`/api/v1/entities/${ana.entityIds[0]}/messages`)
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ message: 'hi' });
    expect(chat.status).toBe(200);
    // A client that puts its token in the query string: refused, and the URL is logged without it.
    expect((await t.http.get(`/api/v1/entities/${ana.entityIds[0]}/messages?access_token=${tokens.access_token}`)).status).toBe(401);
    const refreshed = (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId, client_secret: secret! }))
      .body as Record<string, string>;
    expect(refreshed.access_token).toBeTruthy();
    // A replay and a revocation, with the token in the form.
    expect((await exchange(first)).body.error).toBe('invalid_grant');
    const second = callbackParams(await authorize(ana, params)).get('code')!;
    const tokens2 = (await exchange(second)).body as Record<string, string>;
    await fetch(`${t.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens2.refresh_token, client_id: clientId, client_secret: secret! }).toString(),
    });

    // Now OAuth queries fail: storing an interaction (which records the browser's provider session)
    // and storing an access token. PostgreSQL's error quotes the whole row in its detail.
    await ana.browser.sql(
      t,
      `CREATE FUNCTION entity.sabotage() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'sabotaged for the log test' USING DETAIL = row_to_json(NEW)::text; END $$`,
    );
    await ana.browser.sql(
      t,
      `CREATE TRIGGER sabotage BEFORE INSERT OR UPDATE ON entity.oidc_payloads FOR EACH ROW
       WHEN (NEW.model IN ('Interaction', 'AccessToken')) EXECUTE FUNCTION entity.sabotage()`,
    );
    const page = await ana.browser.get(`/en/oauth/authorize?${new URLSearchParams(params)}`);
    const failed = await ana.browser.follow(page);
    expect(failed.status).toBe(500);
    await ana.browser.sql(t, `DROP TRIGGER sabotage ON entity.oidc_payloads`);
    const code3 = callbackParams(await authorize(ana, params)).get('code')!;
    await ana.browser.sql(
      t,
      `CREATE TRIGGER sabotage BEFORE INSERT OR UPDATE ON entity.oidc_payloads FOR EACH ROW
       WHEN (NEW.model = 'AccessToken') EXECUTE FUNCTION entity.sabotage()`,
    );
    const failedExchange = await exchange(code3);
    expect(failedExchange.status).toBe(500);
    expect(failedExchange.body.error).toBe('server_error');
    await ana.browser.sql(t, `DROP TRIGGER sabotage ON entity.oidc_payloads`);

    const lines = capture.all();
    const c = ana.browser.cookies;
    expect(
      leakedSecrets(lines, {
        password: PASSWORD,
        signupPassword: 'a long enough password',
        apiKey: dev.key,
        clientSecret: secret!,
        code: first,
        code2: second,
        code3,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        rotatedAccessToken: refreshed.access_token,
        rotatedRefreshToken: refreshed.refresh_token,
        refreshToken2: tokens2.refresh_token,
        sessionCookie: c.get('entity_session')!,
        csrfToken: c.get('entity_csrf')!,
        providerSessionId: c.get('_session')!,
        providerSessionSignature: c.get('_session.sig')!,
        interactionSignature: c.get('_interaction.sig')!,
      }),
    ).toEqual([]);
    // No SQL parameters, no PostgreSQL detail quoting the row.
    for (const line of lines) {
      expect(line).not.toMatch(/"(parameters|driverError|detail|where)":/);
      expect(line).not.toContain('-- PARAMETERS');
    }
    // The failures are logged all the same, with what went wrong.
    const errors = capture.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => (l.level as number) >= 40);
    expect(errors.some((l) => (l.err as { message?: string } | undefined)?.message === 'sabotaged for the log test')).toBe(true);
    expect(errors.some((l) => l.context === 'Database' && l.code === 'P0001' && typeof l.sql === 'string')).toBe(true);
  });

  it('logs every request to the OAuth endpoints once, like every other request', async () => {
    const from = capture.lines.length;
    const dev = await t.account('logs');
    const bad = await tokenRequest(t, { grant_type: 'authorization_code', code: 'not-a-code', redirect_uri: REDIRECT, client_id: 'nobody' });
    expect(bad.status).toBe(401);
    const jwks = await fetch(`${t.url}/api/oauth/jwks`);
    expect(jwks.status).toBe(200);
    // A path under the mount that oidc-provider does not serve falls through to Nest (404 in the service's envelope).
    const unknown = await fetch(`${t.url}/api/oauth/nothing-here`);
    expect(unknown.status).toBe(404);
    expect((await t.http.get('/api/v1/entities').set('Authorization', `Bearer ${dev.key}`)).status).toBe(200);

    const requests = capture.lines
      .slice(from)
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { id: string; method: string; url: string }; res?: { statusCode: number } })
      .filter((l) => l.req && l.res && /^request (completed|errored)$/.test(l.msg));
    const line = (method: string, url: string) => requests.filter((l) => l.req!.method === method && l.req!.url === url);
    expect(line('POST', '/api/oauth/token').map((l) => [l.res!.statusCode, l.level])).toEqual([[401, 40]]);
    expect(line('GET', '/api/oauth/jwks').map((l) => l.res!.statusCode)).toEqual([200]);
    expect(line('GET', '/api/oauth/nothing-here').map((l) => l.res!.statusCode)).toEqual([404]);
    expect(line('GET', '/api/v1/entities').map((l) => l.res!.statusCode)).toEqual([200]);
    // Each with the request id the service answered with.
    expect(line('POST', '/api/oauth/token')[0].req!.id).toBe(bad.headers.get('x-request-id'));
  });
});
