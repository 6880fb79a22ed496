import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';
import type { CreativeConfig } from '../config';

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/**
 * HMAC-SHA256 signatures for the URLs this service hands out for local storage. The key is
 * `URL_SIGNING_SECRET`, or (development and test only; production requires the variable) one
 * generated once and kept in `<DATA_DIR>/url-signing.key` with mode 0600, so URLs survive a restart.
 */
@Injectable()
export class UrlSigner {
  private readonly logger = new Logger(UrlSigner.name);
  private key?: Promise<Buffer>;

  constructor(@Inject(APP_CONFIG) private readonly config: CreativeConfig) {}

  private secret(): Promise<Buffer> {
    this.key ??= this.config.signedUrls.secret ? Promise.resolve(Buffer.from(this.config.signedUrls.secret, 'utf8')) : this.keptSecret();
    return this.key;
  }

  private async keptSecret(): Promise<Buffer> {
    const file = this.config.signedUrls.secretFile;
    try {
      return await this.readKey(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await fs.mkdir(dirname(file), { recursive: true });
    // The key is written whole to a file of this call's own, then linked in place: a link appears with its content, and
    // fails when the file exists, so of two processes starting together one puts its key there and both read it. (With
    // `wx` on the key file itself, the other could read it created but still empty: seen in CI.)
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      await fs.link(draft, file);
      this.logger.warn(`URL_SIGNING_SECRET is not set: generated one in ${file} (set the variable in production)`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await fs.rm(draft, { force: true });
    }
    return this.readKey(file);
  }

  private async readKey(file: string): Promise<Buffer> {
    const text = (await fs.readFile(file, 'utf8')).trim();
    if (text.length < 32) throw new Error(`${file} holds no usable key (expected at least 32 characters)`);
    return Buffer.from(text, 'utf8');
  }

  private async mac(subject: string, expires: number): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`${subject}\n${expires}`)
      .digest();
  }

  /** The signature (hex) of `subject` valid until `expires` (Unix seconds). */
  async sign(subject: string, expires: number): Promise<string> {
    return (await this.mac(subject, expires)).toString('hex');
  }

  /** Constant-time check of the signature first, then of the expiry. */
  async verify(subject: string, expires: number, signature: string, now = Date.now()): Promise<SignatureCheck> {
    // The format check reveals nothing about the key; the comparison of the bytes is constant-time.
    if (!/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const ok = timingSafeEqual(await this.mac(subject, expires), Buffer.from(signature, 'hex'));
    if (!ok) return 'invalid';
    return expires * 1000 < now ? 'expired' : 'valid';
  }
}
