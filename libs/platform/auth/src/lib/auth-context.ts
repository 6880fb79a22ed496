import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** Who is calling: put on the request by the auth guard. */
export interface AuthContext {
  accountId: string;
  credentialId: string;
  credentialType: 'api_key' | 'access_token';
  scopes: string[];
  /** For access tokens bound to one resource (e.g. an OAuth grant for one entity). */
  boundResourceId?: string;
  /** For access tokens: the OAuth client they were issued to (what the caller may see can depend on it). */
  clientId?: string;
}

export interface AuthedRequest {
  auth?: AuthContext;
}

export const IS_PUBLIC = 'platform:isPublic';
export const REQUIRED_SCOPES = 'platform:requiredScopes';

/** The route needs no credential (health, docs, public catalogues). */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** The credential must hold at least one of these scopes (`*` holds them all). */
export const RequireScopes = (...scopes: string[]) => SetMetadata(REQUIRED_SCOPES, scopes);

/** The caller's AuthContext, for controllers. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const req = ctx.switchToHttp().getRequest<AuthedRequest>();
  if (!req.auth) throw new Error('Auth() used on a public route');
  return req.auth;
});

export function hasScope(granted: string[], required: string[]): boolean {
  return required.length === 0 || granted.includes('*') || required.some((s) => granted.includes(s));
}
