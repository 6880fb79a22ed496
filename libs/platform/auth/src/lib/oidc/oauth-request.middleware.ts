import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { badParameter, badParameterDescription, storable } from './oauth-params';

export interface OAuthRequestOptions {
  /** Largest body (`BODY_LIMIT`): above it 413. */
  bodyLimit: string;
  /** The HTML page of an error on the authorization endpoint (the service's own), given the request's query string. */
  errorPage(query: string, error: string, description: string): string;
}

/** The authorization endpoint (and its resume path) is a browser page; the others answer JSON. */
function isPageRoute(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

function queryOf(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1).split('#')[0];
}

/**
 * In front of oidc-provider (mounted before Nest's body parsers, at the service's OAuth mount):
 *
 * - reads the body itself, up to `BODY_LIMIT` (oidc-provider's own reader stops at 56 KB and
 *   answers 400 "failed to parse the request body"): larger answers 413 `invalid_request`. The
 *   provider then parses the bytes it is handed exactly as it parses its own.
 * - refuses a NUL character (or a lone surrogate) in the path, the query or the form body before
 *   the provider looks anything up or stores anything (PostgreSQL refuses them in text and jsonb):
 *   `invalid_client` (401) when it is in `client_id` or `client_secret`, `invalid_request` (400)
 *   otherwise; on the authorization endpoint, the OAuth error page with status 400 (the request's
 *   client and redirect URI cannot be trusted, so nothing is redirected).
 *
 * Errors use the RFC 6749 body `{error, error_description}`, `Cache-Control: no-store`.
 */
export function oauthRequestMiddleware(options: OAuthRequestOptions): RequestHandler {
  const readBody = express.raw({ type: () => true, limit: options.bodyLimit });

  const refuse = (req: Request, res: Response, status: number, error: string, description: string) => {
    res.status(status);
    res.setHeader('Cache-Control', 'no-store');
    if (isPageRoute(req.path)) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.send(options.errorPage(queryOf(req.url), error, description));
    } else {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.send(JSON.stringify({ error, error_description: description }));
    }
  };

  return (req: Request, res: Response, next: NextFunction) => {
    readBody(req, res, (err?: unknown) => {
      if (err) {
        const e = err as { status?: number; type?: string };
        if (e.type === 'entity.too.large') return refuse(req, res, 413, 'invalid_request', `the request body is larger than ${options.bodyLimit}`);
        return refuse(req, res, e.status && e.status >= 400 && e.status < 500 ? e.status : 400, 'invalid_request', 'the request body could not be read');
      }
      let path = req.path;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        // oidc-provider answers a malformed path itself.
      }
      if (!storable(path)) return refuse(req, res, 400, 'invalid_request', 'the path contains a character that is not allowed (NUL)');
      const form = Buffer.isBuffer(req.body) && req.is('application/x-www-form-urlencoded') ? req.body.toString('utf8') : '';
      const bad = badParameter(queryOf(req.url)) ?? badParameter(form);
      if (bad) {
        const status = bad.error === 'invalid_client' && !isPageRoute(req.path) ? 401 : 400;
        return refuse(req, res, status, bad.error, badParameterDescription(bad));
      }
      next();
    });
  };
}
