import type { KoaContext } from '@platform/auth';

/** Replaces (or adds) one directive of a Content-Security-Policy header, keeping the others as they are. */
export function withDirective(csp: string, name: string, value: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && d.split(/\s+/)[0].toLowerCase() !== name);
  return [...directives, `${name} ${value}`].join('; ');
}

/**
 * The origin a `response_mode=form_post` page of the provider posts to: the request's redirect URI,
 * when it is one the client registered (the provider checked it before answering); else null.
 */
export function formPostOrigin(ctx: KoaContext): string | null {
  const params = ctx.oidc?.params;
  const uri = params?.redirect_uri;
  if (params?.response_mode !== 'form_post' || typeof uri !== 'string' || !ctx.oidc?.client?.redirectUriAllowed(uri)) return null;
  if (!/^text\/html/.test(ctx.type) || typeof ctx.body !== 'string') return null;
  try {
    const origin = new URL(uri).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
