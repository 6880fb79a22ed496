import { createTestApp, TestApp } from '@platform/testing';
import { createHmac } from 'node:crypto';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

describe('OAuth metadata, scopes and the form_post page', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let clientId: string;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    ({ clientId, secret } = (await registerClient(t, dev.accountId)) as { clientId: string; secret: string });
  });
  afterAll(() => t?.close());

  const json = async (path: string) => {
    const res = await fetch(`${t.url}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
  };

  it('serves RFC 8414 metadata at the issuer root, the same document as the provider’s discovery', async () => {
    const root = await json('/.well-known/oauth-authorization-server');
    expect(root.status).toBe(200);
    expect(root.type).toMatch(/^application\/json/);
    expect(root.body).toMatchObject({
      issuer: t.config.publicBaseUrl,
      authorization_endpoint: `${t.url}/api/oauth/auth`,
      token_endpoint: `${t.url}/api/oauth/token`,
      revocation_endpoint: `${t.url}/api/oauth/revoke`,
      scopes_supported: ['entity:chat', 'offline_access'],
    });
    expect(root.body).toEqual((await json('/api/oauth/.well-known/openid-configuration')).body);
    // Only that path: nothing under it.
    expect((await fetch(`${t.url}/.well-known/oauth-authorization-server/x`)).status).toBe(404);
  });

  it('advertises only the client authentication methods that work, and no OpenID Connect fields (DPoP stays)', async () => {
    const { body } = await json('/.well-known/oauth-authorization-server');
    const methods = ['client_secret_basic', 'client_secret_post', 'none'];
    expect(body.token_endpoint_auth_methods_supported).toEqual(methods);
    for (const field of ['revocation_endpoint_auth_methods_supported', 'introspection_endpoint_auth_methods_supported']) {
      if (field in body) expect(body[field]).toEqual(methods);
    }
    expect(body).not.toHaveProperty('token_endpoint_auth_signing_alg_values_supported');
    for (const field of [
      'id_token_signing_alg_values_supported',
      'claims_supported',
      'claims_parameter_supported',
      'claim_types_supported',
      'subject_types_supported',
      'request_uri_parameter_supported',
      'userinfo_endpoint',
    ]) {
      expect(body).not.toHaveProperty(field);
    }
    expect(body.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256']));
    expect(body.code_challenge_methods_supported).toEqual(['S256']);

    // What is listed works (client_secret_post: every other test; basic here); client_secret_jwt, once listed, is refused.
    const code = async () =>
      callbackParams(await authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'b', response_type: 'code' })).get(
        'code',
      )!;
    const basic = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code: await code(), redirect_uri: REDIRECT },
      { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    );
    expect(basic.status).toBe(200);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: clientId, sub: clientId, aud: body.token_endpoint, exp: Math.floor(Date.now() / 1000) + 60, jti: 'j1' })}`;
    const assertion = `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    const jwt = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    });
    // No longer a known mechanism: "no client authentication mechanism provided" (it used to answer invalid_client).
    expect(jwt.status).toBe(400);
    expect(jwt.body).toMatchObject({ error: 'invalid_request' });
    expect(jwt.body.access_token).toBeUndefined();
  });

  it('lists exactly the metadata fields of what works: no pushed authorization requests, no jwks_uri', async () => {
    const { body } = await json('/.well-known/oauth-authorization-server');
    expect(Object.keys(body).sort()).toEqual(
      [
        'authorization_endpoint',
        'authorization_response_iss_parameter_supported',
        'code_challenge_methods_supported',
        'dpop_signing_alg_values_supported',
        'grant_types_supported',
        'issuer',
        'response_modes_supported',
        'response_types_supported',
        'revocation_endpoint',
        'scopes_supported',
        'token_endpoint',
        'token_endpoint_auth_methods_supported',
      ].sort(),
    );
    expect(body).toMatchObject({
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      response_modes_supported: expect.arrayContaining(['query', 'form_post']),
      authorization_response_iss_parameter_supported: true,
    });
    // PAR is off, not just unlisted: its endpoint is not there, and a pushed request gets no request_uri.
    const par = await fetch(`${t.url}/api/oauth/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: secret, redirect_uri: REDIRECT, scope: 'entity:chat', response_type: 'code' }).toString(),
    });
    expect(par.status).toBe(404);
    expect(await par.text()).not.toContain('request_uri');
    // A request_uri at the authorization endpoint is not a way around it.
    const res = await authorize(ana, {
      client_id: clientId,
      request_uri: 'urn:ietf:params:oauth:request_uri:abc',
      redirect_uri: REDIRECT,
      scope: 'entity:chat',
      state: 'p',
      response_type: 'code',
    });
    expect(res.location ? callbackParams(res).get('code') : null).toBeNull();
  });

  it('answers invalid_scope (RFC 6749), at the redirect URI with the state, for a scope it does not know or one without entity:chat', async () => {
    for (const scope of ['entities:write', 'entity:chat entities:write', 'offline_access', undefined]) {
      const state = `s ${scope}`;
      const res = await authorize(ana, {
        client_id: clientId,
        redirect_uri: REDIRECT,
        ...(scope === undefined ? {} : { scope }),
        state,
        response_type: 'code',
      });
      const params = callbackParams(res);
      expect(params.get('error'), scope).toBe('invalid_scope');
      expect(params.get('state')).toBe(state);
      expect(params.get('code')).toBeNull();
      if (scope?.includes('entities:write')) expect(params.get('scope')).toBe('entities:write');
    }
    const ok = await authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat offline_access', state: 'fine', response_type: 'code' });
    expect(callbackParams(ok).get('code')).toBeTruthy();
  });

  it('the form_post page may post to exactly the redirect URI’s origin (its CSP form-action), nothing broader', async () => {
    const res = await authorize(ana, {
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'entity:chat',
      state: 'fp',
      response_type: 'code',
      response_mode: 'form_post',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<form method="post" action="${REDIRECT}">`);
    const csp = res.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['form-action']).toEqual(['http://127.0.0.1:9']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // Another page of the provider keeps form-action 'self'.
    const discovery = await fetch(`${t.url}/api/oauth/.well-known/openid-configuration`);
    expect(discovery.headers.get('content-security-policy')).toMatch(/form-action 'self'(;|$)/);
  });
});
