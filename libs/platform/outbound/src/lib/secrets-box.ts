import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type BaseConfig } from '@platform/config';
import { DomainException } from '@platform/errors';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts third-party credentials and signing secrets at rest with AES-256-GCM under
 * SECRETS_KEY. Each value is bound to its owner (`aad`, e.g. the channel id), so a ciphertext
 * copied to another row does not decrypt. Without SECRETS_KEY, development and tests derive a
 * fixed key (with a warning); production refuses to store or read secrets. Other uses of SECRETS_KEY
 * (a keyed hash) get a key of their own from `derivedKey`, never SECRETS_KEY itself.
 */
@Injectable()
export class SecretsBox {
  private readonly logger = new Logger('SecretsBox');
  private key: Buffer | null | undefined;
  private readonly derived = new Map<string, Buffer>();

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<BaseConfig, 'secretsKey' | 'nodeEnv' | 'service'>) {}

  private getKey(): Buffer {
    if (this.key) return this.key;
    if (this.config.secretsKey) {
      this.key = Buffer.from(this.config.secretsKey, 'base64');
    } else if (this.config.nodeEnv === 'production') {
      throw new DomainException('secrets_key_missing', 'This server cannot store credentials: SECRETS_KEY is not configured', 'unavailable');
    } else {
      this.logger.warn('SECRETS_KEY is not set: using a key derived for development only; set SECRETS_KEY in production');
      this.key = createHash('sha256').update(`${this.config.service}-development-secrets:${this.config.service}`).digest();
    }
    return this.key;
  }

  /**
   * A 32-byte key for `purpose` (e.g. `idempotency-fingerprint`), derived from SECRETS_KEY with HKDF-SHA-256: one
   * purpose's key tells nothing of SECRETS_KEY or of another purpose's. Like sealing, it needs SECRETS_KEY in
   * production (503 `secrets_key_missing` without it).
   */
  derivedKey(purpose: string): Buffer {
    let key = this.derived.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.getKey(), Buffer.alloc(0), `secrets-box:${purpose}`, 32));
      this.derived.set(purpose, key);
    }
    return key;
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.getKey(), iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, aad: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('Unknown secret format');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.getKey(), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
