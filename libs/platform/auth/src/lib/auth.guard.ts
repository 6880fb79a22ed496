import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InsufficientScopeError, UnauthorizedError } from '@platform/errors';
import type { Request } from 'express';
import { ApiKeyService } from './api-key.service';
import { AuthContext, AuthedRequest, hasScope, IS_PUBLIC, REQUIRED_SCOPES } from './auth-context';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';
import { FailedAuthThrottle } from './failed-auth-throttle';

/**
 * How a credential was presented, for resolvers that check more than the token itself (RFC 9449
 * DPoP: the scheme, the request's method and path, and its proof).
 */
export interface CredentialPresentation {
  /** `bearer` (`Authorization: Bearer`), `dpop` (`Authorization: DPoP`, RFC 9449) or `x-api-key`. */
  scheme: 'bearer' | 'dpop' | 'x-api-key';
  method: string;
  /** The request's path as sent (percent-encoding kept), without query or fragment. */
  path: string;
  /** Every `DPoP` header of the request (a client must send exactly one with a DPoP-bound token). */
  proofs: string[];
}

/**
 * A credential the resolver knows but that was presented wrongly: a DPoP-bound token sent as
 * Bearer, a failed DPoP proof. The guard answers 401 with the RFC 6750 / RFC 9449 challenge.
 */
export class CredentialRejectedError extends Error {
  constructor(
    readonly error: 'invalid_token' | 'invalid_dpop_proof',
    message: string,
  ) {
    super(message);
    this.name = 'CredentialRejectedError';
  }
}

/** Another kind of credential a service accepts besides API keys (e.g. OAuth access tokens). */
export interface CredentialResolver {
  /** The caller, null for a credential it does not know; throws CredentialRejectedError for one presented wrongly. */
  resolve(token: string, presentation: CredentialPresentation): Promise<AuthContext | null>;
  /**
   * The JWS algorithms of DPoP proofs this resolver verifies (RFC 9449). When set, the guard reads
   * `Authorization: DPoP <token>` too and advertises `DPoP algs="…"` in its challenges.
   */
  readonly dpopAlgorithms?: readonly string[];
  /**
   * RFC 9728 §5.1: the URL of the protected resource metadata of the resource at this request path (as sent, without
   * query), named as `resource_metadata` in the Bearer challenges of its 401s; null when the path is no such resource.
   */
  resourceMetadataUrl?(path: string): string | null;
}
export const CREDENTIAL_RESOLVER = Symbol.for('platform.auth.credentialResolver');

export interface PresentedCredential {
  token: string;
  scheme: CredentialPresentation['scheme'];
}

/** The credential of a request: `x-api-key`, `Authorization: Bearer`, and `Authorization: DPoP` when `dpop` is accepted. */
export function extractCredential(req: Request, options: AuthOptions, dpop = false): PresentedCredential | undefined {
  for (const style of options.headers) {
    if (style === 'x-api-key') {
      const v = req.headers['x-api-key'];
      if (typeof v === 'string' && v.trim()) return { token: v.trim(), scheme: 'x-api-key' };
    } else {
      const v = req.headers.authorization;
      const m = typeof v === 'string' ? /^(Bearer|DPoP)\s+(\S+)\s*$/i.exec(v) : null;
      if (m && m[1].toLowerCase() === 'bearer') return { token: m[2], scheme: 'bearer' };
      if (m && dpop) return { token: m[2], scheme: 'dpop' };
    }
  }
  return undefined;
}

/** The path of the request target as sent (origin form, or the path of an absolute-form target), without query. */
function requestPath(req: Request): string {
  const target = req.originalUrl ?? req.url;
  if (target.startsWith('/')) return target.split(/[?#]/)[0];
  try {
    return new URL(target).pathname;
  } catch {
    return req.path;
  }
}

/** An auth-param value for WWW-Authenticate (a quoted-string without quotes or backslashes inside). */
const quoted = (value: string) => `"${value.replace(/["\\\r\n]/g, ' ')}"`;

/**
 * Global guard: every route needs a credential unless marked @Public(). Puts the caller's
 * account and scopes on `req.auth`, then checks @RequireScopes(). Wrong credentials are counted
 * per client address (FailedAuthThrottle): too many answer 429 before any credential is checked.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
    private readonly failures: FailedAuthThrottle,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    @Optional() @Inject(CREDENTIAL_RESOLVER) private readonly resolver?: CredentialResolver,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<Request & AuthedRequest>();
    const dpop = Boolean(this.resolver?.dpopAlgorithms?.length);
    const presented = extractCredential(req, this.options, dpop);
    if (!presented) {
      const where = this.options.headers.map((h) => (h === 'bearer' ? 'Authorization: Bearer <key>' : 'x-api-key: <key>'));
      const challenges = [this.bearerChallenge(req), ...(dpop ? [this.dpopChallenge()] : [])];
      throw new UnauthorizedError(`Missing credential: send ${where.join(' or ')}`, 'unauthorized', { 'WWW-Authenticate': challenges.join(', ') });
    }
    const { token, scheme } = presented;
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    await this.failures.check(address);
    let auth: AuthContext | null;
    try {
      auth = await this.apiKeys.verify(token);
      if (auth && scheme === 'dpop')
        throw new CredentialRejectedError('invalid_token', 'API keys are not DPoP-bound: send them as Authorization: Bearer <key>');
      if (!auth && this.resolver) {
        // Every DPoP header as sent (Node joins repeated ones into one value in `req.headers`).
        const proofs = req.headersDistinct?.dpop ?? [];
        auth = await this.resolver.resolve(token, { scheme, method: req.method, path: requestPath(req), proofs });
      }
    } catch (err) {
      if (!(err instanceof CredentialRejectedError)) throw err;
      const challenge = dpop ? this.dpopChallenge(err.error, err.message) : this.bearerChallenge(req, err.error, err.message);
      throw new UnauthorizedError(err.message, err.error === 'invalid_dpop_proof' ? 'invalid_dpop_proof' : 'unauthorized', { 'WWW-Authenticate': challenge });
    }
    if (!auth) {
      await this.failures.failed(address, token);
      throw new UnauthorizedError('Invalid or revoked credential', 'unauthorized', {
        'WWW-Authenticate': scheme === 'dpop' ? this.dpopChallenge('invalid_token') : this.bearerChallenge(req, 'invalid_token'),
      });
    }
    req.auth = auth;
    const required = this.reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES, targets) ?? [];
    if (!hasScope(auth.scopes, required)) throw new InsufficientScopeError(required);
    return true;
  }

  private bearerChallenge(req: Request, error?: string, description?: string): string {
    const metadata = this.resolver?.resourceMetadataUrl?.(requestPath(req));
    return [
      `Bearer realm=${quoted(this.options.realm)}`,
      ...(metadata ? [`resource_metadata=${quoted(metadata)}`] : []),
      ...this.errorParams(error, description),
    ].join(', ');
  }

  /** RFC 9449 §7.1: `DPoP` with the accepted proof algorithms. */
  private dpopChallenge(error?: string, description?: string): string {
    const algs = (this.resolver?.dpopAlgorithms ?? []).join(' ');
    return [`DPoP realm=${quoted(this.options.realm)}`, ...this.errorParams(error, description), `algs=${quoted(algs)}`].join(', ');
  }

  private errorParams(error?: string, description?: string): string[] {
    return [...(error ? [`error=${quoted(error)}`] : []), ...(description ? [`error_description=${quoted(description)}`] : [])];
  }
}
