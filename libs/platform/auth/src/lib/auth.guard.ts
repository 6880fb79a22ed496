import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InsufficientScopeError, UnauthorizedError } from '@platform/errors';
import type { Request } from 'express';
import { ApiKeyService } from './api-key.service';
import { AuthContext, AuthedRequest, hasScope, IS_PUBLIC, REQUIRED_SCOPES } from './auth-context';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';
import { FailedAuthThrottle } from './failed-auth-throttle';

/** Another kind of credential a service accepts besides API keys (e.g. OAuth access tokens). */
export interface CredentialResolver {
  resolve(token: string): Promise<AuthContext | null>;
}
export const CREDENTIAL_RESOLVER = Symbol.for('platform.auth.credentialResolver');

export function extractCredential(req: Request, options: AuthOptions): string | undefined {
  for (const style of options.headers) {
    if (style === 'x-api-key') {
      const v = req.headers['x-api-key'];
      if (typeof v === 'string' && v.trim()) return v.trim();
    } else {
      const v = req.headers.authorization;
      const m = typeof v === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(v) : null;
      if (m) return m[1];
    }
  }
  return undefined;
}

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
    const challenge = { 'WWW-Authenticate': `Bearer realm="${this.options.realm}"` };
    const token = extractCredential(req, this.options);
    if (!token) {
      const where = this.options.headers.map((h) => (h === 'bearer' ? 'Authorization: Bearer <key>' : 'x-api-key: <key>'));
      throw new UnauthorizedError(`Missing credential: send ${where.join(' or ')}`, 'unauthorized', challenge);
    }
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    await this.failures.check(address);
    const auth = (await this.apiKeys.verify(token)) ?? (this.resolver ? await this.resolver.resolve(token) : null);
    if (!auth) {
      await this.failures.failed(address, token);
      throw new UnauthorizedError('Invalid or revoked credential', 'unauthorized', {
        'WWW-Authenticate': `Bearer realm="${this.options.realm}", error="invalid_token"`,
      });
    }
    req.auth = auth;
    const required = this.reflector.getAllAndOverride<string[]>(REQUIRED_SCOPES, targets) ?? [];
    if (!hasScope(auth.scopes, required)) throw new InsufficientScopeError(required);
    return true;
  }
}
