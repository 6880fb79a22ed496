import { SCOPE_DESCRIPTIONS, type McpScope } from './scopes';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.45}' +
  'input[type=password]{width:100%;font:inherit;padding:.4rem;box-sizing:border-box}button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0}' +
  '.error{color:#a40000}code{word-break:break-all}label{display:block;margin:.4rem 0}';

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><meta name="viewport" content="width=device-width">` +
    `<style>${STYLE}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`
  );
}

/** An http(s) URL's origin (a CSP source), or null. */
function originOf(url: unknown): string | null {
  try {
    const { protocol, origin } = new URL(String(url));
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The pages' Content-Security-Policy: no script, their inline style, forms to this service only, and (consent) the
 * redirect the provider answers to a decision, which ends at the client's redirect URI (`form-action` governs a
 * form's redirects too): that origin exactly.
 */
export function pagePolicy(redirectUri?: unknown): string {
  const target = redirectUri === undefined ? null : originOf(redirectUri);
  return [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    `form-action 'self'${target ? ` ${target}` : ''}`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/** The page for an OAuth error that cannot go back to the client (unknown client, bad redirect URI, a malformed request). */
export function oauthErrorPage(error: string, description: string | undefined): string {
  return page(
    'Cannot connect',
    `<p>The application sent a request that cannot be answered; nothing was shared with it.</p><p class="error"><code>${esc(error)}</code>: ${esc(description ?? '')}</p>`,
  );
}

export function notFoundPage(): string {
  return page(
    'Cannot connect',
    '<p class="error" role="alert">This sign-in has expired or does not belong to this browser. Start again from the application.</p>',
  );
}

/** Sign-in: the user proves the account is theirs by pasting one of its API keys (never stored: the grant keeps the account id). */
export function signInPage(input: { uid: string; client: string; returnHost: string | null; error?: string }): string {
  return page(
    'Connect to Creative',
    `<p><strong>${esc(input.client)}</strong> asks to use your Creative account through MCP${input.returnHost ? ` (it returns to <strong>${esc(input.returnHost)}</strong>)` : ''}.</p>` +
      `<p>Sign in with one of your account's API keys (<code>cr_live_…</code>). The key is only checked, never stored nor shown to the application; ` +
      `you choose what it may do on the next page.</p>` +
      (input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : '') +
      `<form method="post" action="/oauth-connect/${esc(input.uid)}"><input type="hidden" name="step" value="sign-in">` +
      `<label for="api_key">API key</label><input type="password" id="api_key" name="api_key" autocomplete="off" required>` +
      `<button type="submit">Continue</button></form>`,
  );
}

/** Consent: which account, which application, which scopes (each can be left out). */
export function consentPage(input: {
  uid: string;
  client: string;
  account: { id: string; name: string };
  scopes: McpScope[];
  returnHost: string | null;
  refresh: boolean;
  error?: string;
}): string {
  const boxes = input.scopes
    .map((s) => `<label><input type="checkbox" name="scope" value="${esc(s)}" checked> <strong>${esc(s)}</strong>: ${esc(SCOPE_DESCRIPTIONS[s])}</label>`)
    .join('');
  return page(
    'Allow access?',
    `<p><strong>${esc(input.client)}</strong> asks to act as the Creative account <strong id="account-name">${esc(input.account.name)}</strong> ` +
      `(<code id="account-id">${esc(input.account.id)}</code>) through MCP. It may:</p>` +
      (input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : '') +
      `<form method="post" action="/oauth-connect/${esc(input.uid)}"><input type="hidden" name="step" value="consent"><fieldset><legend>Scopes</legend>${boxes}</fieldset>` +
      `<p>It sees nothing of other accounts, and never your API key. ${input.refresh ? 'It keeps this access until it revokes its tokens or leaves them unused for 30 days. ' : ''}` +
      `${input.returnHost ? `You return to <strong id="return-host">${esc(input.returnHost)}</strong>.` : ''}</p>` +
      `<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></form>`,
  );
}
