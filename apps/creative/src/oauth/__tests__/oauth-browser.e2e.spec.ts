import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApp } from '@platform/testing';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import type { CreativeConfig } from '../../config';
import { MemoryOAuthProvider, startBehindFront } from './harness';

// Debian's Chromium (apt-get install chromium); the test never downloads a browser.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

(!existsSync(CHROMIUM) ? describe.skip : describe)('MCP OAuth in a real browser (Chromium through playwright-core)', () => {
  let t: TestApp<CreativeConfig>;
  let base: string;
  let close: () => Promise<void>;
  let browser: Browser;
  let app: Server;
  let appUrl: string;

  beforeAll(async () => {
    ({ t, base, close } = await startBehindFront());
    // The connector's callback page just says it got the answer.
    app = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Acme</title><p>Acme got the answer</p>'));
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => app?.close(resolve));
    await close?.();
  });

  it('the SDK client discovers and registers; the user signs in with an API key (a wrong one first), leaves a scope out, allows; the client calls tools; revoking ends it', async () => {
    const alice = await t.account('alice');
    const mcpUrl = new URL(`${base}/v1/mcp`);
    const provider = new MemoryOAuthProvider(`${appUrl}/callback`);
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'acme', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    const context = await browser.newContext();
    const page = await context.newPage();
    const policies: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/oauth-connect/') && (r.status() < 300 || r.status() === 401))
        policies.push(r.headers()['content-security-policy'] ?? '');
    });
    await page.goto(provider.authorizationUrl!.toString());
    await page.getByText('Acme Agent asks to use your Creative account').waitFor();
    await page.getByLabel('API key').fill('cr_live_wrong0000000000000000000000000000000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('That is not an API key of a Creative account').waitFor();
    await page.getByLabel('API key').fill(alice.key);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Consent: which account, which scopes; billing is left out.
    await page.getByText('Allow access?').waitFor();
    expect(await page.locator('#account-id').textContent()).toBe(alice.accountId);
    expect(await page.locator('#account-name').textContent()).toMatch(/^alice-/);
    await page.getByRole('checkbox', { name: /billing/ }).uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Acme got the answer').waitFor();
    const callback = new URL(page.url());
    expect(callback.origin + callback.pathname).toBe(`${appUrl}/callback`);
    // No script on the pages, forms to the service and (consent) the client's origin only.
    expect(policies.length).toBeGreaterThanOrEqual(3);
    for (const p of policies)
      expect(p).toMatch(
        /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'( http:\/\/127\.0\.0\.1:\d+)?; frame-ancestors 'none'; base-uri 'none'$/,
      );

    await transport.finishAuth(callback.searchParams.get('code')!);
    expect(provider.saved!.scope).toBe('read design render video');
    const client = new Client({ name: 'acme', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const me = (await client.callTool({ name: 'get_account', arguments: {} })) as CallToolResult & { structuredContent?: { account: { id: string } } };
    expect(me.structuredContent?.account.id).toBe(alice.accountId);
    const billing = (await client.callTool({ name: 'get_billing_plan', arguments: {} })) as CallToolResult;
    expect(billing.isError).toBe(true);
    expect(JSON.stringify(billing.content)).toContain('billing');
    await client.close();

    // The connector disconnects (revokes its refresh token): the grant and every token of it end.
    const revoke = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.saved!.refresh_token!, client_id: String(provider.info!.client_id) }).toString(),
    });
    expect(revoke.status).toBe(200);
    const after = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    await context.close();
  }, 90_000);
});
