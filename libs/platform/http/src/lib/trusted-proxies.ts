import type { NextFunction, Request, RequestHandler, Response } from 'express';
import proxyaddr from 'proxy-addr';

/** Whether an address (the peer at hop 0, then each X-Forwarded-For hop) is a proxy the operator trusts. */
export type TrustedProxyMatcher = (address: string, hop: number) => boolean;

/**
 * `TRUSTED_PROXIES` compiled by proxy-addr, the library express's `trust proxy` uses: create-app sets express's
 * `trust proxy` to what this answers for `config.trustedProxies`, and `forwardedHeadersFromTrustedProxiesOnly` is
 * given what it answers for the same list, so the two cannot disagree. An empty list trusts nobody.
 */
export function trustedProxyMatcher(list: string[]): TrustedProxyMatcher {
  return proxyaddr.compile(list);
}

/** The headers a proxy uses to tell the client's address, scheme and host (what koa reads with `proxy = true`). */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * For a framework mounted inside the app that believes forwarded headers from anyone (koa with `proxy = true`, as
 * oidc-provider runs): from a peer that is not a trusted proxy, `X-Forwarded-For`, `-Host` and `-Proto` are removed
 * before it sees the request, so its URLs, scheme and client address are the connection's own. From a trusted proxy,
 * Host and Proto stay and `X-Forwarded-For` becomes the one address express takes as the client (the nearest
 * untrusted hop), not the leftmost entry a client could have written itself.
 */
export function forwardedHeadersFromTrustedProxiesOnly(trust: TrustedProxyMatcher): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const peer = req.socket.remoteAddress;
    if (!peer || !trust(peer, 0)) {
      for (const name of FORWARDED_HEADERS) delete req.headers[name];
    } else if (req.headers['x-forwarded-for'] !== undefined) {
      req.headers['x-forwarded-for'] = proxyaddr(req, trust);
    }
    next();
  };
}
