import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@platform/errors';
import type { KoaContext, OidcProvider } from './oidc-types';

/** The OAuth error a client gets while the database is away (RFC 6749 §4.1.2.1 names it; a 503 says the same). */
export const OAUTH_UNAVAILABLE = {
  error: 'temporarily_unavailable',
  error_description: 'The database is unreachable for the moment; retry shortly',
} as const;

/**
 * Has the provider answer a lost database connection as 503 `temporarily_unavailable` with `Retry-After`, as the
 * rest of the API answers 503 `database_unavailable`, instead of oidc-provider's 500 `server_error` (issue 39:
 * a refresh answered 500 while PostgreSQL restarted). oidc-provider's route error handlers turn anything its
 * adapter, `findAccount` or `loadExistingGrant` throws into `server_error` and emit `server_error` with the error;
 * this notes there which requests failed on an unavailable database, and rewrites their answer on the way out.
 * Errors thrown outside those handlers (the service's own `provider.use` middlewares) are caught here too.
 * A bug (any other error) stays a 500 `server_error`. Call it before any other `provider.use`, so it wraps them all.
 *
 * `render` writes an HTML page for browser routes (the authorization endpoint); JSON routes get the OAuth error body.
 */
export function answerDatabaseUnavailableAs503(provider: OidcProvider, render: (ctx: KoaContext, out: typeof OAUTH_UNAVAILABLE) => void): void {
  const unavailable = new WeakSet<object>();
  provider.on('server_error', (ctx, err) => {
    if (ctx && typeof ctx === 'object' && isDatabaseUnavailable(err)) unavailable.add(ctx);
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      unavailable.add(ctx);
    }
    if (!unavailable.has(ctx)) return;
    const html = ctx.type === 'text/html' || typeof ctx.body === 'string';
    ctx.status = 503;
    ctx.remove('Location');
    ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    ctx.set('Cache-Control', 'no-store');
    if (html) render(ctx, OAUTH_UNAVAILABLE);
    else ctx.body = { ...OAUTH_UNAVAILABLE };
  });
}
