import { createTestApp, TestApp } from '@platform/testing';
import { existsSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { Browser, chromium } from 'playwright-core';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { clientConfig, registerClient, tokenRequest } from './harness';

// Debian's Chromium (apt-get install chromium); the test never downloads a browser.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

(!existsSync(CHROMIUM) ? describe.skip : describe)('OAuth in a real browser (Chromium through playwright-core)', () => {
  let t: TestApp<EntityConfig>;
  let browser: Browser;
  let app: Server;
  let appUrl: string;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    // The client application: its callback page just says it got the answer.
    app = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Acme</title><p>Acme got the answer</p>'));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => app?.close(resolve));
    await t?.close();
  });

  it('signs up, logs in, chooses an entity, consents, and the client exchanges, chats, refreshes, revokes; the user removes the connection', async () => {
    const dev = await t.account('dev');
    const client = await registerClient(t, dev.accountId, { redirectUris: [`${appUrl}/callback`] });
    const config = clientConfig(t, client.clientId, client.secret);
    const context = await browser.newContext();
    const page = await context.newPage();

    // The user signs up and creates two entities.
    await page.goto(`${t.url}/pt-BR/signup`);
    await page.getByLabel('E-mail').fill('ana@example.com');
    await page.getByLabel('Senha').fill('a long enough password');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL((u) => u.pathname === '/pt-BR/account', { timeout: 10_000 });
    for (const [name, purpose] of [
      ['Lia', 'A study companion'],
      ['Rui', 'A cooking friend'],
    ]) {
      await page.getByLabel('Nome', { exact: true }).fill(name);
      await page.getByLabel('Propósito').fill(purpose);
      await page.getByRole('button', { name: 'Criar', exact: true }).click();
      await page.getByText(purpose).waitFor();
    }
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((u) => u.pathname === '/pt-BR/login', { timeout: 10_000 });

    // The client sends the user to the authorization page; the user logs in first.
    const state = 'state-Ω-123';
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${appUrl}/callback`, scope: 'entity:chat offline_access', state });
    url.pathname = '/en/oauth/authorize';
    await page.goto(url.toString());
    await page.waitForURL((u) => u.pathname === '/en/login', { timeout: 10_000 });
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Log in' }).click();

    // Consent: the application, what it asks, the entity chooser.
    await page.getByText('Acme Chat asks to:').waitFor();
    await page.getByText('chat with the entity you choose').waitFor();
    await page.getByLabel('Rui').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Acme got the answer').waitFor();
    const callback = new URL(page.url());
    expect(callback.origin + callback.pathname).toBe(`${appUrl}/callback`);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    // The client exchanges the code and chats with the chosen entity.
    const tokens = await oidc.authorizationCodeGrant(config, callback, { expectedState: state });
    expect(tokens.expires_in).toBe(3600);
    const entityId = tokens.entity_id as string;
    const entity = await t.http.get(`/api/v1/entities/${entityId}`).set('Authorization', `Bearer ${tokens.access_token}`);
    expect(entity.body.entity.name).toBe('Rui');
    const chat = await t.http
      .post(`/api/v1/entities/${entityId}/messages`)
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ message: 'Oi! Eu sou a Bia.', end_user_id: 'bia' });
    expect(chat.status).toBe(200);
    expect(chat.body.interaction.response).toBeTruthy();

    // Refresh (rotates), then revoke: the access token stops working at once (and, RFC 7009, its refresh token with it).
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.http.get(`/api/v1/entities/${entityId}/messages`).set('Authorization', `Bearer ${refreshed.access_token}`)).status).toBe(200);
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect((await t.http.get(`/api/v1/entities/${entityId}/messages`).set('Authorization', `Bearer ${refreshed.access_token}`)).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

    // The client asks again: the chooser shows again, already logged in.
    const state2 = 'second';
    const url2 = oidc.buildAuthorizationUrl(config, { redirect_uri: `${appUrl}/callback`, scope: 'entity:chat offline_access', state: state2 });
    url2.pathname = '/en/oauth/authorize';
    await page.goto(url2.toString());
    await page.getByLabel('Rui').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Acme got the answer').waitFor();
    const again = await oidc.authorizationCodeGrant(config, new URL(page.url()), { expectedState: state2 });
    expect(again.entity_id).toBe(entityId);
    expect((await t.http.get(`/api/v1/entities/${entityId}/messages`).set('Authorization', `Bearer ${again.access_token}`)).status).toBe(200);

    // The user removes the connection on the connections page: every token of it stops working.
    await page.goto(`${t.url}/en/connections`);
    await page.getByRole('cell', { name: 'Acme Chat', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove: Acme Chat — Rui' }).click();
    await page.getByText('No application is linked to your entities.').waitFor();
    expect((await t.http.get(`/api/v1/entities/${entityId}/messages`).set('Authorization', `Bearer ${again.access_token}`)).status).toBe(401);
    await expect(oidc.refreshTokenGrant(config, again.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await context.close();
  }, 60_000);

  it("response_mode=form_post: the provider's page posts the code to the client on another origin (its CSP allows exactly that origin)", async () => {
    // The client's receiver, on another loopback port: it keeps what the browser posted.
    const posted: { method: string; path: string; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        posted.push({ method: req.method ?? '', path: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Acme</title><p>Acme got the form post</p>');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      const dev = await t.account('dev');
      const client = await registerClient(t, dev.accountId, { redirectUris: [`${receiverUrl}/callback`] });
      const config = clientConfig(t, client.clientId, client.secret);
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));

      await page.goto(`${t.url}/en/signup`);
      await page.getByLabel('Email').fill('form-post@example.com');
      await page.getByLabel('Password').fill('a long enough password');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.waitForURL((u) => u.pathname === '/en/account', { timeout: 10_000 });
      await page.getByLabel('Name', { exact: true }).fill('Lia');
      await page.getByLabel('Purpose').fill('A study companion');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('A study companion').waitFor();

      const state = 'form-post-state';
      const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${receiverUrl}/callback`, scope: 'entity:chat', state, response_mode: 'form_post' });
      url.pathname = '/en/oauth/authorize';
      await page.goto(url.toString());
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.getByText('Acme got the form post').waitFor({ timeout: 10_000 });

      const callbacks = posted.filter((p) => p.path === '/callback');
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0].method).toBe('POST');
      const fields = new URLSearchParams(callbacks[0].body);
      expect(fields.get('state')).toBe(state);
      expect(fields.get('code')).toBeTruthy();
      expect(violations).toEqual([]);
      // The code works at the token endpoint like any other.
      const tokens = await tokenRequest(t, {
        grant_type: 'authorization_code',
        code: fields.get('code')!,
        redirect_uri: `${receiverUrl}/callback`,
        client_id: client.clientId,
        client_secret: client.secret!,
      });
      expect(tokens.status).toBe(200);
      await context.close();
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 60_000);
});
