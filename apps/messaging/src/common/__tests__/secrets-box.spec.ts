import { randomBytes } from 'node:crypto';
import { loadMessagingConfig } from '../../config';
import { normalizeError } from '@platform/errors';
import { SecretsBox } from '@platform/outbound';

const box = (env: Record<string, string>) => new SecretsBox(loadMessagingConfig(env));

describe('SecretsBox', () => {
  it('round-trips with SECRETS_KEY and refuses tampering, another owner or another key', () => {
    const key = randomBytes(32).toString('base64');
    const b = box({ SECRETS_KEY: key, NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' });
    const sealed = b.seal('bot-token', 'channel:chn_1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('bot-token');
    expect(b.open(sealed, 'channel:chn_1')).toBe('bot-token');
    expect(b.seal('bot-token', 'channel:chn_1')).not.toBe(sealed);
    expect(() => b.open(sealed, 'channel:chn_2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => b.open(`v1:${raw.toString('base64')}`, 'channel:chn_1')).toThrow();
    expect(() => box({ SECRETS_KEY: randomBytes(32).toString('base64') }).open(sealed, 'channel:chn_1')).toThrow();
  });

  it('derives a development key without SECRETS_KEY, and production refuses with 503', () => {
    const dev = box({});
    expect(dev.open(dev.seal('x', 'a'), 'a')).toBe('x');
    expect(box({}).open(dev.seal('x', 'a'), 'a')).toBe('x');
    const prod = box({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@h/db' });
    let refused: unknown;
    try {
      prod.seal('x', 'a');
    } catch (e) {
      refused = e;
    }
    expect(normalizeError(refused)).toMatchObject({ code: 'secrets_key_missing', status: 503 });
  });
});
