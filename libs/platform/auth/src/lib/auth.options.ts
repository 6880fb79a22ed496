export type CredentialHeader = 'x-api-key' | 'bearer';

export interface AuthOptions {
  /** Key prefix, e.g. `cr` gives keys like `cr_live_…`. */
  keyPrefix: string;
  /** Headers this service reads a credential from, in order. */
  headers: CredentialHeader[];
  /** Scopes a new key gets when none are asked for. */
  defaultScopes: string[];
  /** Every scope this service knows; others are refused at key creation. `*` is always allowed. */
  knownScopes: string[];
  /** Bearer realm for WWW-Authenticate. */
  realm: string;
  /**
   * How long a verified key is remembered in this process (default 5,000 ms; 0 turns it off).
   * Saves a database round trip on nearly every request. A revoked key stops working at once in
   * the process that revoked it, and within this time in other replicas.
   */
  cacheTtlMs?: number;
}

export const AUTH_OPTIONS = Symbol.for('platform.auth.options');
