// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for an ESM-only package
/// <reference path="./vendor-types.d.ts" />
/* The parts of oidc-provider the services use, typed here (the package ships no types we can see). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type OidcPayload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: number; jti?: string };

export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface OidcGrant {
  addResourceScope(resource: string, scope: string): void;
  addOIDCScope(scope: string): void;
  rejectResourceScope(resource: string, scope: string): void;
  rejectOIDCScope(scope: string): void;
  save(): Promise<string>;
}

export interface OidcAccessToken {
  grantId: string;
  accountId?: string;
  /** The resource (RFC 8707) the token was issued for. */
  aud?: string | string[];
  scope?: string;
  isExpired: boolean;
  clientId: string;
  /** DPoP binding (RFC 9449 `cnf.jkt`): the SHA-256 JWK thumbprint of the client's proof key. */
  jkt?: string;
}

export interface OidcInteraction {
  uid: string;
  params: Record<string, string | undefined>;
  prompt: { name: string; details: Record<string, unknown> };
  session?: { accountId?: string };
}

export interface KoaContext {
  path: string;
  status: number;
  body: unknown;
  type: string;
  oidc?: {
    route?: string;
    params?: Record<string, unknown>;
    entities: Record<string, { grantId?: string } | undefined>;
    client?: { redirectUriAllowed(uri: string): boolean };
  };
  response: { get(field: string): string };
  set(field: string, value: string): void;
  remove(field: string): void;
}

export interface OidcClientInstance {
  clientId: string;
  clientSecret?: string;
  clientAuthMethod: string;
  metadata(): Record<string, unknown>;
}

export interface OidcProvider {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(mw: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, opts?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: (new (init: { accountId: string; clientId: string }) => OidcGrant) & { find(id: string): Promise<unknown> };
  AccessToken: (new (init: Record<string, unknown>) => { save(): Promise<string> }) & { find(token: string): Promise<OidcAccessToken | undefined> };
  Client: { prototype: { compareClientSecret(this: OidcClientInstance, actual: string): Promise<boolean> | boolean } };
}

export interface OidcModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  errors: Record<string, new (description?: string, detail?: string) => Error>;
}

/**
 * Loads the ESM-only package. Under CommonJS (the webpack build) `require()` of an ES module
 * gives its namespace, which TypeScript's interop wraps once more; under Vitest it is the namespace.
 */
export async function loadOidc(): Promise<OidcModule> {
  const mod = (await import('oidc-provider')) as unknown as { default: { default?: unknown } | unknown; errors: unknown };
  const inner = mod.default as { default?: unknown };
  const Provider = (typeof inner === 'function' ? inner : inner.default) as OidcModule['Provider'];
  const errors = (mod.errors ?? (inner as { errors?: unknown }).errors) as OidcModule['errors'];
  return { Provider, errors };
}
