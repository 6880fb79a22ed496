import * as querystring from 'node:querystring';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored in PostgreSQL as text or inside jsonb: no NUL character, no lone UTF-16 surrogate. */
export function storable(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Parameters that authenticate the client: a bad one answers invalid_client, not invalid_request. */
const CLIENT_PARAMS = new Set(['client_id', 'client_secret', 'client_assertion', 'client_assertion_type']);

export interface BadParameter {
  /** The parameter's name when it can be shown (it is the value that is bad), else null. */
  name: string | null;
  error: 'invalid_request' | 'invalid_client';
}

/**
 * The first parameter (name or value) PostgreSQL could not store, in a query string or a form
 * body, parsed as oidc-provider parses them (`querystring`), or null when every one is fine.
 */
export function badParameter(encoded: string): BadParameter | null {
  if (!encoded) return null;
  const params = querystring.parse(encoded);
  for (const [name, value] of Object.entries(params)) {
    if (!storable(name)) return { name: null, error: 'invalid_request' };
    const values = Array.isArray(value) ? value : [value ?? ''];
    if (values.some((v) => !storable(v))) return { name, error: CLIENT_PARAMS.has(name) ? 'invalid_client' : 'invalid_request' };
  }
  return null;
}

/** The RFC 6749 error description for a parameter refused by `badParameter`. */
export function badParameterDescription(bad: BadParameter): string {
  const which = bad.name && /^[A-Za-z0-9_.:-]{1,64}$/.test(bad.name) ? `parameter ${bad.name}` : 'a parameter name';
  return `${which} contains a character that is not allowed (NUL)`;
}
