import { DomainException, normalizeError } from '@platform/errors';
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { SecretsBox } from './secrets-box';

describe('SecretsBox.derivedKey', () => {
  const secretsKey = randomBytes(32).toString('base64');
  const box = (over: Partial<ConstructorParameters<typeof SecretsBox>[0]> = {}) =>
    new SecretsBox({ service: 'messaging', nodeEnv: 'test', secretsKey, ...over });

  it('derives one key per purpose from SECRETS_KEY (HKDF-SHA-256), never SECRETS_KEY itself', () => {
    const a = box().derivedKey('idempotency-request-fingerprint');
    expect(a).toHaveLength(32);
    expect(a.equals(Buffer.from(secretsKey, 'base64'))).toBe(false);
    expect(
      a.equals(Buffer.from(hkdfSync('sha256', Buffer.from(secretsKey, 'base64'), Buffer.alloc(0), 'secrets-box:idempotency-request-fingerprint', 32))),
    ).toBe(true);
    // The same on every replica with the same SECRETS_KEY; another purpose or another SECRETS_KEY gives another key.
    expect(box().derivedKey('idempotency-request-fingerprint').equals(a)).toBe(true);
    expect(box().derivedKey('other').equals(a)).toBe(false);
    expect(
      box({ secretsKey: randomBytes(32).toString('base64') })
        .derivedKey('idempotency-request-fingerprint')
        .equals(a),
    ).toBe(false);
    // A keyed hash under it is not the same text's HMAC under SECRETS_KEY.
    expect(createHmac('sha256', a).update('x').digest('hex')).not.toBe(createHmac('sha256', Buffer.from(secretsKey, 'base64')).update('x').digest('hex'));
  });

  it('needs SECRETS_KEY in production (503 secrets_key_missing), as sealing does', () => {
    let thrown: unknown;
    try {
      box({ nodeEnv: 'production', secretsKey: undefined }).derivedKey('idempotency-request-fingerprint');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainException);
    expect(normalizeError(thrown)).toMatchObject({ status: 503, code: 'secrets_key_missing' });
    // Development derives a fixed key of its own.
    expect(box({ nodeEnv: 'development', secretsKey: undefined }).derivedKey('p')).toHaveLength(32);
  });
});
