import { checkedFetch, type TestApp } from '@platform/testing';
import * as oidc from 'openid-client';
import type { EntityConfig } from '../../config';
import { Browserless, PageResponse } from '../../pages/__tests__/browserless';
import { OAuthService } from '../oauth.service';

export const REDIRECT = 'http://127.0.0.1:9/callback';

export interface Person {
  browser: Browserless;
  email: string;
  accountId: string;
  entityIds: string[];
}

/** Signs a person up through the pages and creates entities from the home page. */
export async function signUp(t: TestApp<EntityConfig>, email: string, entities: string[] = ['Lia']): Promise<Person> {
  const b = new Browserless(t.url);
  await b.get('/en/signup');
  const res = await b.submit('/en/signup', { email, password: 'a long enough password' });
  if (res.status !== 303) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  for (const name of entities) await b.submit('/en/account/entities', { name, purpose: `${name} keeps me company` }, '/en/account');
  const rows = await b.sql(
    t,
    `SELECT u.account_id, e.id FROM entity.users u JOIN entity.entities e ON e.account_id = u.account_id WHERE u.email = $1 ORDER BY e.created_at`,
    [email],
  );
  return { browser: b, email, accountId: rows[0].account_id, entityIds: rows.map((r) => r.id) };
}

export async function registerClient(
  t: TestApp<EntityConfig>,
  owner: string,
  opts: { redirectUris?: string[]; isPublic?: boolean; requirePkce?: boolean } = {},
) {
  const { client, secret } = await t.app.get(OAuthService).createClient(owner, {
    name: 'Acme Chat',
    redirectUris: opts.redirectUris ?? [REDIRECT],
    isPublic: opts.isPublic,
    requirePkce: opts.requirePkce,
  });
  return { clientId: client.id, secret };
}

/** An openid-client configuration for one of our clients (no discovery: the metadata is known). */
export function clientConfig(t: TestApp<EntityConfig>, clientId: string, secret: string | null): oidc.Configuration {
  const config = new oidc.Configuration(
    {
      issuer: t.config.publicBaseUrl,
      authorization_endpoint: `${t.url}/en/oauth/authorize`,
      token_endpoint: `${t.url}/api/oauth/token`,
      revocation_endpoint: `${t.url}/api/oauth/revoke`,
    },
    clientId,
    {},
    secret ? oidc.ClientSecretPost(secret) : oidc.None(),
  );
  oidc.allowInsecureRequests(config);
  // The library's requests to the token and revocation endpoints are checked against the OpenAPI document too.
  config[oidc.customFetch] = (url, options) => checkedFetch(url, options as RequestInit);
  return config;
}

/**
 * Drives the authorization page as a browser without JavaScript: follows redirects on our
 * origin, logs in when asked, picks the entity and presses Allow (or Deny). Returns the final
 * response (a redirect to the client, or a page).
 */
export async function authorize(
  p: Person,
  params: Record<string, string>,
  opts: { entityId?: string; decision?: 'allow' | 'deny'; locale?: string } = {},
): Promise<PageResponse> {
  const b = p.browser;
  let res = await b.get(`/${opts.locale ?? 'en'}/oauth/authorize?${new URLSearchParams(params)}`);
  res = await b.follow(res);
  if (res.status !== 200 || !/oauth\/interaction\//.test(res.text)) return res;
  const action = /<form method="post" action="(\/[^"]+\/oauth\/interaction\/[^"]+)"/.exec(res.text)![1];
  const decided = await b.submit(action, { decision: opts.decision ?? 'allow', entity_id: opts.entityId ?? p.entityIds[0] });
  return b.follow(decided);
}

export function callbackParams(res: PageResponse): URLSearchParams {
  if (!res.location) throw new Error(`expected a redirect to the client, got ${res.status}: ${res.text.slice(0, 500)}`);
  return new URL(res.location).searchParams;
}

/** Form post to the token endpoint, as a plain client would. */
export async function tokenRequest(t: TestApp<EntityConfig>, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await checkedFetch(`${t.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}
