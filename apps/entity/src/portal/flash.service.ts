import { Injectable } from '@nestjs/common';
import { randomToken } from '@platform/auth';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { PortalRepository } from './portal.repository';

/** What a portal form made, to show once on the page it redirects to. */
export interface PortalFlash {
  kind: 'key' | 'client' | 'rotated';
  secret: string | null;
  clientId?: string;
}

/** How long a flash waits for its page. */
export const FLASH_TTL_SECONDS = 600;

const digest = (label: string, token: string) => createHash('sha256').update(`${label}:${token}`).digest();

/**
 * Single-use flashes for the developer portal's POST-redirect-GET: the secret a form made waits
 * server side, AES-256-GCM encrypted with a key derived from a random token that only the browser's
 * cookie holds (the database keeps the token's hash as the id), and is deleted when read.
 */
@Injectable()
export class FlashService {
  constructor(private readonly repo: PortalRepository) {}

  /** Stores a flash for the user; answers the token for the cookie. */
  async put(userId: string, flash: PortalFlash): Promise<string> {
    const token = randomToken(43);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', digest('portal-flash-key', token), iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(flash), 'utf8'), cipher.final()]);
    await this.repo.putFlash({
      id: digest('portal-flash-id', token).toString('hex'),
      userId,
      sealed: Buffer.concat([iv, cipher.getAuthTag(), data]),
      ttlSeconds: FLASH_TTL_SECONDS,
    });
    return token;
  }

  /** The user's flash for this token, removed as it is read (a second read finds nothing); null when none. */
  async take(userId: string, token: string | undefined): Promise<PortalFlash | null> {
    if (!token || token.length > 100) return null;
    const sealed = await this.repo.takeFlash(digest('portal-flash-id', token).toString('hex'), userId);
    if (!sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', digest('portal-flash-key', token), sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8')) as PortalFlash;
    } catch {
      return null;
    }
  }
}
