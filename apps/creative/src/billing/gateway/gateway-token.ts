import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A local gateway page's token (a checkout's or a portal session's): 256 random bits, base64url (43 characters). */
export const GATEWAY_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What is stored of a token: its SHA-256 (the token itself is in the page's URL only). */
export function gatewayTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new token, and the hash to store beside its row. */
export function newGatewayToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: gatewayTokenHash(token) };
}

/**
 * Whether `token` (as received: anything) is the one whose hash the row keeps: compared as SHA-256 digests in constant
 * time. A malformed token is hashed all the same (as '') so the answer takes the same time; a row without a hash (opened
 * before tokens existed) never matches.
 */
export function gatewayTokenMatches(token: unknown, stored: Buffer | null | undefined): boolean {
  const wellFormed = typeof token === 'string' && GATEWAY_TOKEN.test(token);
  const given = gatewayTokenHash(wellFormed ? token : '');
  return stored?.length === 32 && timingSafeEqual(given, stored) && wellFormed;
}
