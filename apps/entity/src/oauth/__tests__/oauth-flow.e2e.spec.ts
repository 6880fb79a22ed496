import { createTestApp, TestApp } from '@platform/testing';
import * as oidc from 'openid-client';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, clientConfig, Person, REDIRECT, registerClient, signUp } from './harness';

describe('OAuth authorization code flow (openid-client as the client)', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string | null };
  let config: oidc.Configuration;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com', ['Lia', 'Rui']);
    const dev = await t.account('dev');
    client = await registerClient(t, dev.accountId);
    config = clientConfig(t, client.clientId, client.secret);
  });
  afterAll(() => t?.close());

  it('logs in, chooses an entity, consents, exchanges, chats, refreshes and revokes', async () => {
    const state = 'st-ä/=?&x';
    const res = await authorize(
      ana,
      { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state, response_type: 'code' },
      { entityId: ana.entityIds[1] },
    );
    expect(res.status, res.text).toBe(303);
    const params = callbackParams(res);
    expect(res.location!.startsWith(`${REDIRECT}?`)).toBe(true);
    expect(params.get('state')).toBe(state);
    expect(params.get('iss')).toBe(t.config.publicBaseUrl);
    expect(params.get('code')).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, new URL(res.location!), { expectedState: state });
    expect(tokens).toMatchObject({ token_type: expect.stringMatching(/bearer/i), expires_in: 3600, scope: 'entity:chat', entity_id: ana.entityIds[1] });
    expect(tokens.refresh_token).toBeTruthy();
    // The provider's rows of the grant carry the user's account (the tenant, from the accounts feature), not the client's.
    const tenants = await ana.browser.sql(t, `SELECT DISTINCT account_id FROM entity.oidc_payloads WHERE model IN ('Grant', 'AccessToken', 'RefreshToken')`);
    expect(tenants).toEqual([{ account_id: ana.accountId }]);

    const chat = await t.http
      .post(`/api/v1/entities/${ana.entityIds[1]}/messages`)
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ message: 'Hi, I am Bia', end_user_id: 'bia' });
    expect(chat.status).toBe(200);
    expect(chat.body.interaction.response.length).toBeGreaterThan(0);
    const history = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}/messages`).set('Authorization', `Bearer ${tokens.access_token}`);
    expect(history.status).toBe(200);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed).toMatchObject({ expires_in: 3600, entity_id: ana.entityIds[1] });
    const again = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}/messages`).set('Authorization', `Bearer ${refreshed.access_token}`);
    expect(again.status).toBe(200);

    await oidc.tokenRevocation(config, refreshed.access_token);
    const revoked = await t.http.get(`/api/v1/entities/${ana.entityIds[1]}/messages`).set('Authorization', `Bearer ${refreshed.access_token}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ ok: false, code: 'unauthorized' });
  });

  it('refuses scope openid with invalid_scope at the redirect URI: no consent page, no grant, no loop', async () => {
    const grants = async () => Number((await ana.browser.sql(t, `SELECT count(*) AS n FROM entity.oauth_grants`))[0].n);
    const before = await grants();
    for (const scope of ['openid entity:chat', 'openid', 'entity:chat offline_access openid']) {
      const state = `oidc ${scope}`;
      // The harness presses Allow whenever a consent page shows; here none may show.
      const res = await authorize(ana, { client_id: client.clientId, redirect_uri: REDIRECT, scope, state, response_type: 'code' });
      expect(res.status, scope).toBe(303);
      const params = callbackParams(res);
      expect(params.get('error'), scope).toBe('invalid_scope');
      expect(params.get('scope')).toBe('openid');
      expect(params.get('state')).toBe(state);
      expect(params.get('code')).toBeNull();
    }
    expect(await grants()).toBe(before);
    // openid-client sees the error as an OAuth error response.
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid entity:chat', state: 'x', response_type: 'code' });
    const redirected = callbackParams(await ana.browser.follow(await ana.browser.get(url.pathname + url.search)));
    expect(redirected.get('error')).toBe('invalid_scope');

    // The scopes a client may ask for are the ones discovery lists.
    const discovery = (await (await fetch(`${t.url}/api/oauth/.well-known/openid-configuration`)).json()) as { scopes_supported: string[] };
    expect(discovery.scopes_supported).toEqual(['entity:chat', 'offline_access']);
    // Without openid the same client is served, and a refresh cannot ask for it either.
    const ok = await authorize(ana, {
      client_id: client.clientId,
      redirect_uri: REDIRECT,
      scope: 'entity:chat offline_access',
      state: 'fine',
      response_type: 'code',
    });
    const tokens = await oidc.authorizationCodeGrant(config, new URL(ok.location!), { expectedState: 'fine' });
    expect(tokens.id_token).toBeUndefined();
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'openid entity:chat' })).rejects.toMatchObject({ error: 'invalid_scope' });
  });

  it('documents the OAuth endpoints and the authorization page in /developers/openapi.json', async () => {
    const doc = (await t.http.get('/developers/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/oauth/token', '/api/oauth/revoke', '/{locale}/oauth/authorize']));
    expect(doc.paths['/api/oauth/token'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
    expect(doc.components.schemas.OAuthTokenResponse.properties).toHaveProperty('entity_id');
    expect(doc.components.securitySchemes.OAuth2.flows.authorizationCode.scopes).toHaveProperty('entity:chat');
  });
});
