import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { hashSecret } from '@platform/auth';
import type { TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { OAuthService } from '../oauth.service';
import { authorizeAsUser, codeOf, MemoryOAuthProvider, startBehindFront } from './harness';

/* eslint-disable @typescript-eslint/no-explicit-any -- tool results are untyped JSON */
type Result = CallToolResult & { structuredContent?: Record<string, any> };

const REDIRECT = 'http://127.0.0.1:9/callback';

describe('MCP through OAuth 2.1 (the SDK client: discovery, registration, PKCE, sign-in with an API key, consent, refresh)', () => {
  let t: TestApp<CreativeConfig>;
  let base: string;
  let close: () => Promise<void>;
  let alice: TestAccount;
  let bob: TestAccount;
  let mcpUrl: URL;
  let bobDesign: string;

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as Result;
  const connected = async (provider: MemoryOAuthProvider) => {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    return client;
  };
  /** The SDK's whole dance: the 401 starts discovery and registration, the user signs in and consents, the code is exchanged. */
  const connect = async (apiKey: string, scopes?: string[]) => {
    const provider = new MemoryOAuthProvider(REDIRECT);
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl).toBeDefined();
    const user = await authorizeAsUser(base, provider.authorizationUrl!, apiKey, { scopes });
    await transport.finishAuth(codeOf(user.final));
    return { provider, user, client: await connected(provider) };
  };
  const mcpPost = (token: string) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_account', arguments: {} } }),
    });

  beforeAll(async () => {
    ({ t, base, close } = await startBehindFront());
    mcpUrl = new URL(`${base}/v1/mcp`);
    alice = await t.account('alice');
    bob = await t.account('bob');
    const res = await t.http.post('/v1/designs').set('x-api-key', bob.key).send({ ir: sampleIr(), title: 'bob only' });
    expect(res.status).toBe(200);
    bobDesign = res.body.id;
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  it('answers the 401 of /v1/mcp with the resource metadata, which names the authorization server and its metadata', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="creative", resource_metadata="${base}/.well-known/oauth-protected-resource/v1/mcp"`);
    // REST keeps its challenge without resource metadata.
    expect((await fetch(`${base}/v1/designs`)).headers.get('www-authenticate')).toBe('Bearer realm="creative"');
    for (const path of ['/.well-known/oauth-protected-resource/v1/mcp', '/.well-known/oauth-protected-resource']) {
      // Checked against the OpenAPI document too.
      const prm = await t.fetch(path);
      expect(prm.status).toBe(200);
      expect(await prm.json()).toMatchObject({
        resource: `${base}/v1/mcp`,
        authorization_servers: [base],
        scopes_supported: ['read', 'design', 'render', 'video', 'billing'],
      });
    }
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const as = await fetch(`${base}${path}`);
      if (path === '/.well-known/oauth-authorization-server') expect((await t.fetch(path)).status).toBe(200);
      expect(as.status).toBe(200);
      const meta = (await as.json()) as Record<string, unknown>;
      expect(meta).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/oauth/auth`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
        revocation_endpoint: `${base}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['read', 'design', 'render', 'video', 'billing'],
        response_types_supported: ['code'],
      });
      expect(meta.jwks_uri).toBeUndefined();
    }
  });

  it('connects with nothing but the server URL: registers, signs in with an API key, consents, calls tools as that account only', async () => {
    const { provider, user, client } = await connect(alice.key);
    // The sign-in page names the application; the consent page the account and the scopes.
    expect(user.signIn.text).toContain('Acme Agent');
    expect(user.consent.text).toContain(alice.accountId);
    expect(user.consent.text).toMatch(/name="scope" value="render"/);
    expect(provider.info?.client_id).toBeTruthy();
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'read design render video billing' });
    expect(provider.saved!.refresh_token).toBeTruthy();

    const me = await call(client, 'get_account');
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ account: { id: alice.accountId }, credential: { type: 'access_token' } });
    const made = await call(client, 'create_design', { ir: sampleIr(), title: 'alice via oauth' });
    expect(made.isError, JSON.stringify(made.content)).toBeFalsy();
    // Another account's data is invisible.
    const listed = (await call(client, 'list_designs')).structuredContent!.data.map((d: { id: string }) => d.id);
    expect(listed).toContain(made.structuredContent!.id);
    expect(listed).not.toContain(bobDesign);
    const theirs = await call(client, 'get_design', { design_id: bobDesign });
    expect(theirs.isError).toBe(true);
    expect(JSON.stringify(theirs.content)).toContain('not_found');
    await client.close();

    // The access token is for /v1/mcp only: REST answers 401 to it.
    const rest = await fetch(`${base}/v1/designs`, { headers: { authorization: `Bearer ${provider.saved!.access_token}` } });
    expect(rest.status).toBe(401);
    // The API key keeps working on both.
    expect((await fetch(`${base}/v1/designs`, { headers: { 'x-api-key': alice.key } })).status).toBe(200);
  });

  const refreshWith = (refreshToken: string, clientId: string) =>
    fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
    });
  /** The client's rotated refresh tokens were rotated `seconds` earlier than they were (out of OAUTH_REFRESH_REUSE_GRACE_SECONDS). */
  const age = (clientId: string, seconds: number) =>
    t.app
      .get(DataSource)
      .query(
        `UPDATE creative.oidc_payloads SET consumed_at = consumed_at - make_interval(secs => $2) WHERE model = 'RefreshToken' AND payload->>'clientId' = $1 AND consumed_at IS NOT NULL`,
        [clientId, seconds],
      );

  it('rotates the refresh token; the old one presented after the reuse grace is a replay that revokes the grant (every token of it refused)', async () => {
    const { provider, client } = await connect(alice.key);
    await client.close();
    const first = provider.saved!;
    // The SDK refreshes when it holds a refresh token.
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    const second = provider.saved!;
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await mcpPost(second.access_token)).status).toBe(200);

    await age(String(provider.info!.client_id), 31);
    const replay = await refreshWith(first.refresh_token!, String(provider.info!.client_id));
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The grant is revoked: the newest access token is refused too.
    const refused = await mcpPost(second.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a refresh retried after its answer was lost (the rotated token again, within the grace) gets a working pair once; not for another client', async () => {
    const { provider, client } = await connect(alice.key);
    await client.close();
    const clientId = String(provider.info!.client_id);
    const first = provider.saved!;
    const lost = await refreshWith(first.refresh_token!, clientId);
    expect(lost.status).toBe(200);
    // Another registered client presenting it is refused, and that does not cost the grant.
    const { provider: stranger, client: strangerClient } = await connect(alice.key);
    await strangerClient.close();
    const refused = await refreshWith(first.refresh_token!, String(stranger.info!.client_id));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });

    const retry = await refreshWith(first.refresh_token!, clientId);
    expect(retry.status).toBe(200);
    const fresh = (await retry.json()) as { access_token: string; refresh_token: string };
    expect((await mcpPost(fresh.access_token)).status).toBe(200);
    const next = await refreshWith(fresh.refresh_token, clientId);
    expect(next.status).toBe(200);
    expect((await mcpPost(((await next.json()) as { access_token: string }).access_token)).status).toBe(200);
    // Once only: the same token a third time is a replay, and the grant goes.
    const third = await refreshWith(first.refresh_token!, clientId);
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await mcpPost(fresh.access_token)).status).toBe(401);
  });

  it('refuses a token issued for another resource, an authorization for another resource, and one without PKCE S256', async () => {
    const { provider, client } = await connect(alice.key);
    await client.close();
    const oauth = t.app.get(OAuthService).oidcProvider as any;
    const real = await oauth.AccessToken.find(provider.saved!.access_token);
    const clientRecord = await oauth.Client.find(String(provider.info!.client_id));
    const other = new oauth.AccessToken({
      accountId: alice.accountId,
      client: clientRecord,
      grantId: real.grantId,
      aud: 'https://elsewhere.example/mcp',
      scope: 'read',
      resourceServer: { audience: 'https://elsewhere.example/mcp', accessTokenFormat: 'opaque' },
    });
    const token = await other.save();
    expect((await mcpPost(token)).status).toBe(401);
    expect((await mcpPost(provider.saved!.access_token)).status).toBe(200);

    const url = new URL(provider.authorizationUrl!);
    url.searchParams.set('resource', 'https://elsewhere.example/mcp');
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_target');

    // PKCE is required (S256 only): without a challenge, or with `plain`, the client gets an error, not a code.
    for (const change of [(u: URL) => u.searchParams.delete('code_challenge'), (u: URL) => u.searchParams.set('code_challenge_method', 'plain')]) {
      const bad = new URL(provider.authorizationUrl!);
      change(bad);
      const answer = new URL((await fetch(bad, { redirect: 'manual' })).headers.get('location')!);
      expect(answer.origin + answer.pathname).toBe(REDIRECT);
      expect(answer.searchParams.get('error')).toBe('invalid_request');
      expect(answer.searchParams.get('code')).toBeNull();
    }
  });

  it('a confidential client (client_secret_basic) connects too; its secret is stored only as a hash', async () => {
    const provider = new MemoryOAuthProvider(REDIRECT, {
      client_name: 'Acme Server',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'x', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const secret = (provider.info as { client_secret?: string }).client_secret!;
    expect(secret).toBeTruthy();
    const user = await authorizeAsUser(base, provider.authorizationUrl!, alice.key);
    await transport.finishAuth(codeOf(user.final));
    expect((await mcpPost(provider.saved!.access_token)).status).toBe(200);
    const rows: { payload: { client_secret: string } }[] = await t.app
      .get(DataSource)
      .query(`SELECT payload FROM creative.oidc_payloads WHERE model = 'Client' AND payload->>'client_id' = $1`, [provider.info!.client_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].payload.client_secret).not.toBe(secret);
    expect(rows[0].payload.client_secret).toBe(hashSecret(secret));
    // A wrong secret is refused at the token endpoint.
    const wrong = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${provider.info!.client_id}:wrong`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token! }).toString(),
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses a wrong API key on the sign-in page (no code for the client)', async () => {
    const provider = new MemoryOAuthProvider(REDIRECT);
    await expect(new Client({ name: 'x', version: '1' }).connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const user = await authorizeAsUser(base, provider.authorizationUrl!, 'cr_live_not_a_real_key_0000000000000000000000');
    expect(user.consent.status).toBe(401);
    expect(user.consent.text).toContain('not an API key of a Creative account');
    expect(user.consent.location).toBeNull();
  });

  it('gives a scope-limited token only its tools: another scope is an isError naming it, nothing done', async () => {
    const { provider, user, client } = await connect(alice.key, ['read']);
    expect(user.final.location).toContain('code=');
    expect(provider.saved!.scope).toBe('read');
    expect((await call(client, 'get_account')).isError).toBeFalsy();
    const before = (await call(client, 'list_designs')).structuredContent!.data.length;
    const refused = await call(client, 'create_design', { ir: sampleIr(), title: 'not allowed' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('insufficient_scope');
    expect(JSON.stringify(refused.content)).toContain('\\"design\\"');
    expect((await call(client, 'render_design', { design_id: bobDesign })).content).toEqual([
      expect.objectContaining({ text: expect.stringContaining('needs the OAuth scope \\"render\\"') }),
    ]);
    expect((await call(client, 'list_designs')).structuredContent!.data.length).toBe(before);
    await client.close();
  });
});
