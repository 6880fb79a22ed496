import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where RFC 8414 puts the metadata of an issuer without a path (ours is PUBLIC_BASE_URL). */
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';

/**
 * Serves `/.well-known/oauth-authorization-server` at the issuer's root (RFC 8414 section 3) with
 * the provider's own discovery document (mounted at `mount`), as if it had been asked there: the
 * same metadata, endpoints under the mount.
 */
export function authorizationServerMetadataRoute(mount: string, callback: (req: IncomingMessage, res: ServerResponse) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/') return next();
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    req.url = `/.well-known/openid-configuration${query}`;
    req.originalUrl = `${mount}${req.url}`;
    callback(req, res);
  };
}
