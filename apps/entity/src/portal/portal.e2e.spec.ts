import { createTestApp, TestApp } from '@platform/testing';
import type { EntityConfig } from '../config';
import { authorize, callbackParams, Person, REDIRECT, signUp, tokenRequest } from '../oauth/__tests__/harness';
import { entityService } from '../service';

describe('developer portal and connections pages', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com', ['Lia']);
  });
  afterAll(() => t?.close());

  const secretOf = (text: string) => /id="new-secret">([^<]+)</.exec(text)?.[1];
  /** A portal form answers 303 to the portal (POST-redirect-GET); the GET that follows shows what it made, once. */
  const submitted = async (path: string, fields: Record<string, string>) => {
    const posted = await ana.browser.submit(path, fields, '/en/developers');
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/en/developers');
    return ana.browser.get(posted.location!);
  };
  const count = async (table: string) => Number((await ana.browser.sql(t, `SELECT count(*) AS n FROM entity.${table}`))[0].n);

  it('creates an API key with scopes, shown once and stored hashed, and revokes it', async () => {
    const b = ana.browser;
    const keys = await count('api_keys');
    const res = await submitted('/en/developers/keys', { name: 'backend', scopes: 'entities:read' });
    expect(res.status).toBe(200);
    const key = secretOf(res.text)!;
    expect(key).toMatch(/^ent_live_/);
    const list = await t.http.get(`/api/v1/entities`).set('Authorization', `Bearer ${key}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual(ana.entityIds);
    expect((await t.http.post(`/api/v1/entities/${ana.entityIds[0]}/messages`).set('Authorization', `Bearer ${key}`).send({ message: 'hi' })).status).toBe(403);
    // Reloading the page shows the portal again: no second key, and the secret is gone.
    const page = await b.get('/en/developers');
    expect(page.text).not.toContain(key);
    expect(secretOf(page.text)).toBeUndefined();
    expect(await count('api_keys')).toBe(keys + 1);
    expect(JSON.stringify(await b.sql(t, 'SELECT * FROM entity.api_keys'))).not.toContain(key);
    const keyId = /action="\/en\/developers\/keys\/(key_[a-z0-9]+)\/revoke"/.exec(page.text)![1];
    expect((await b.submit(`/en/developers/keys/${keyId}/revoke`, {})).status).toBe(303);
    expect((await t.http.get(`/api/v1/entities`).set('Authorization', `Bearer ${key}`)).status).toBe(401);
  });

  it('creates an OAuth client (secret once, hashed), rotates the secret, and refuses bad redirect URIs', async () => {
    const b = ana.browser;
    const bad = await b.submit('/en/developers/clients', { name: 'Bad', redirect_uris: 'http://evil.example/cb' }, '/en/developers');
    expect(bad.status).toBe(422);
    const clients = await count('oauth_clients');
    const posted = await b.submit('/en/developers/clients', { name: 'My App', redirect_uris: `${REDIRECT}\nhttps://app.example.com/cb` }, '/en/developers');
    expect(posted.status).toBe(303);
    expect(posted.text).not.toMatch(/ecs_/);
    // Until its page is shown, the secret waits sealed: the database has neither it nor the key to open it.
    const waiting = JSON.stringify(await b.sql(t, `SELECT id, user_id, encode(sealed, 'escape') AS sealed FROM entity.portal_flashes`));
    expect(waiting).not.toMatch(/ecs_|cli_/);
    expect(waiting).not.toContain(b.cookies.get('entity_flash')!);
    const res = await b.get(posted.location!);
    expect(res.status).toBe(200);
    const clientId = /id="new-client-id">([^<]+)</.exec(res.text)![1];
    const secret = secretOf(res.text)!;
    expect(secret).toMatch(/^ecs_/);
    expect(await count('portal_flashes')).toBe(0);
    expect(JSON.stringify(await b.sql(t, 'SELECT * FROM entity.oauth_clients'))).not.toContain(secret);
    // A reload (the GET again) registers no second client and shows the secret no more.
    const reloaded = await b.get('/en/developers');
    expect(reloaded.text).not.toContain(secret);
    expect(reloaded.text).not.toContain('new-client-id');
    expect(await count('oauth_clients')).toBe(clients + 1);

    const code = async () =>
      callbackParams(await authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'z', response_type: 'code' })).get(
        'code',
      )!;
    const exchange = async (s: string) =>
      tokenRequest(t, { grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT, client_id: clientId, client_secret: s });
    expect((await exchange(secret)).status).toBe(200);

    const rotated = await submitted(`/en/developers/clients/${clientId}/rotate`, {});
    const next = secretOf(rotated.text)!;
    expect(next).toMatch(/^ecs_/);
    expect((await b.get('/en/developers')).text).not.toContain(next);
    expect(next).not.toBe(secret);
    expect((await exchange(secret)).body.error).toBe('invalid_client');
    expect((await exchange(next)).status).toBe(200);
  });

  it('lists connections and removing one revokes every token of it at once', async () => {
    const b = ana.browser;
    const res = await submitted('/en/developers/clients', { name: 'Linked App', redirect_uris: REDIRECT });
    const clientId = /id="new-client-id">([^<]+)</.exec(res.text)![1];
    const secret = secretOf(res.text)!;
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const c = callbackParams(
        await authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'z', response_type: 'code' }),
      ).get('code')!;
      tokens.push(
        (await tokenRequest(t, { grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: clientId, client_secret: secret })).body,
      );
    }
    const page = await b.get('/pt-BR/connections');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Remover');
    // One row for the two grants of the client on the entity, named by the entities feature.
    expect(page.text.match(/<td>Linked App<\/td>/g)).toHaveLength(1);
    expect(page.text).toMatch(/<td>Linked App<\/td>\s*<td>Lia<\/td>/);
    for (const tk of tokens)
      expect((await t.http.get(`/api/v1/entities/${ana.entityIds[0]}/messages`).set('Authorization', `Bearer ${tk.access_token}`)).status).toBe(200);

    const removed = await b.submit('/pt-BR/connections/remove', { entity_id: ana.entityIds[0], client_id: clientId });
    expect(removed.status).toBe(303);
    for (const tk of tokens) {
      expect((await t.http.get(`/api/v1/entities/${ana.entityIds[0]}/messages`).set('Authorization', `Bearer ${tk.access_token}`)).status).toBe(401);
      expect(
        (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token as string, client_id: clientId, client_secret: secret })).body
          .error,
      ).toBe('invalid_grant');
    }
    expect((await b.get('/pt-BR/connections')).text).not.toContain('Linked App');
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await t.fetch(`/en/developers`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/en/login?return_to=%2Fen%2Fdevelopers');
    const forged = await ana.browser.post('/en/developers/keys', { name: 'x', _csrf: 'forged' });
    expect(forged.status).toBe(403);
  });

  it('shows a flash only to the user whose form made it, once', async () => {
    const bia = await signUp(t, 'bia@example.com', ['Zoe']);
    const posted = await ana.browser.submit('/en/developers/keys', { name: 'mine', scopes: 'entities:read' }, '/en/developers');
    expect(posted.status).toBe(303);
    // Bia's browser with Ana's flash cookie: nothing shown, and the flash is not spent.
    bia.browser.cookies.set('entity_flash', ana.browser.cookies.get('entity_flash')!);
    expect(secretOf((await bia.browser.get('/en/developers')).text)).toBeUndefined();
    expect(secretOf((await ana.browser.get('/en/developers')).text)).toMatch(/^ent_live_/);
    expect(secretOf((await ana.browser.get('/en/developers')).text)).toBeUndefined();
  });
});
