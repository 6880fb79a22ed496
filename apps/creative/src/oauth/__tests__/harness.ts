import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createTestApp, type TestApp } from '@platform/testing';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/**
 * The service behind a fixed address: PUBLIC_BASE_URL (the issuer and the MCP resource) must be known before the
 * service starts, and the test app listens on a random port; this front forwards everything as it came (Host kept).
 */
export async function startBehindFront(): Promise<{ t: TestApp<CreativeConfig>; base: string; close(): Promise<void> }> {
  let port = 0;
  const front: Server = createServer((req, res) => {
    const up = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const t = await createTestApp(creativeService, { env: { PUBLIC_BASE_URL: base } });
  port = Number(new URL(t.url).port);
  return {
    t,
    base,
    async close() {
      await t.close();
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    },
  };
}

/** An MCP client's OAuth state in memory, as a connector keeps it; the authorization URL is recorded, not opened. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadata: OAuthClientMetadata = {
      client_name: 'Acme Agent',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  ) {}

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export interface PageAnswer {
  status: number;
  location: string | null;
  text: string;
}

/** A browser without JavaScript: keeps cookies (all of them, on every request to the service) and follows nothing by itself. */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly base: string) {}

  private async send(url: string, init: RequestInit = {}): Promise<PageAnswer> {
    const target = new URL(url, this.base);
    const headers = new Headers(init.headers);
    if (target.origin === new URL(this.base).origin && this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(pair.slice(0, i));
      else this.jar.set(pair.slice(0, i), value);
    }
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, target).toString() : null, text: await res.text() };
  }

  get(url: string): Promise<PageAnswer> {
    return this.send(url);
  }

  post(url: string, form: Record<string, string | string[]>): Promise<PageAnswer> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    return this.send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  }

  /** Follows redirects on the service's origin; stops at a page or at a redirect elsewhere (the client's callback). */
  async follow(answer: PageAnswer): Promise<PageAnswer> {
    let res = answer;
    for (let i = 0; i < 10 && res.location && new URL(res.location).origin === new URL(this.base).origin; i++) res = await this.get(res.location);
    return res;
  }
}

/** The form action of a page (the interaction URL). */
export function formAction(html: string): string {
  const m = /<form method="post" action="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no form in: ${html.slice(0, 400)}`);
  return m[1];
}

/**
 * The user's part of an authorization, without JavaScript: opens the authorization URL, signs in with `apiKey`, allows
 * `scopes` (default: all asked for) on the consent page. Returns the consent page and the final answer (a redirect to
 * the client's callback, or the page where it stopped).
 */
export async function authorizeAsUser(
  base: string,
  url: URL | string,
  apiKey: string,
  opts: { scopes?: string[]; decision?: 'allow' | 'deny' } = {},
): Promise<{ signIn: PageAnswer; consent: PageAnswer; final: PageAnswer }> {
  const b = new CookieBrowser(base);
  const signIn = await b.follow(await b.get(String(url)));
  if (signIn.status !== 200) return { signIn, consent: signIn, final: signIn };
  const consent = await b.follow(await b.post(formAction(signIn.text), { step: 'sign-in', api_key: apiKey }));
  if (consent.status !== 200) return { signIn, consent, final: consent };
  const scopes = opts.scopes ?? [...consent.text.matchAll(/name="scope" value="([a-z]+)"/g)].map((m) => m[1]);
  const final = await b.follow(await b.post(formAction(consent.text), { step: 'consent', decision: opts.decision ?? 'allow', scope: scopes }));
  return { signIn, consent, final };
}

export function codeOf(answer: PageAnswer): string {
  if (!answer.location) throw new Error(`expected a redirect to the client, got ${answer.status}: ${answer.text.slice(0, 400)}`);
  const code = new URL(answer.location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${answer.location}`);
  return code;
}
