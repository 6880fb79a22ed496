import { esc } from '../common/html';
import { texts } from '../common/i18n';

/**
 * The page shown for an OAuth error that cannot go back to the client (unknown client, bad
 * redirect URI, a malformed request): the RFC 6749 error code and description, in the page's language.
 */
export function oauthErrorPage(locale: string | undefined, error: string, description: string | undefined): string {
  const t = texts(locale);
  return `<!doctype html><html lang="${esc(t.lang)}"><head><meta charset="utf-8"><title>${esc(t.errorTitle)}</title>
<link rel="stylesheet" href="/assets/entity.css"></head><body><main><h1>${esc(t.errorTitle)}</h1><p>${esc(t.badRedirect)}</p>
<p class="error"><code>${esc(error)}</code>: ${esc(description ?? '')}</p></main></body></html>`;
}
