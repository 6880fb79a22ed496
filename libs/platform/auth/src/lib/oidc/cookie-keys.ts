import { createHmac, randomBytes } from 'node:crypto';

/**
 * The keys that sign oidc-provider's interaction and session cookies: `OAUTH_COOKIE_KEYS` when set; else one derived from
 * `SECRETS_KEY` (the same on every replica); else a random key of this process, with a warning (one replica only).
 */
export function oauthCookieKeys(configured: string[] | undefined, secretsKey: string | undefined, warn: (message: string) => void): string[] {
  if (configured?.length) return configured;
  if (secretsKey) return [createHmac('sha256', Buffer.from(secretsKey, 'base64')).update('oauth-cookies').digest('base64url')];
  warn('OAUTH_COOKIE_KEYS is not set: OAuth cookies are signed with a random key of this process (one replica only)');
  return [randomBytes(32).toString('base64url')];
}
