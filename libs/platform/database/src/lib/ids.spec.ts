import { newId } from './ids';

describe('newId', () => {
  it('is the prefix, 10 time characters and 16 random ones, in lower-case Crockford base32', () => {
    expect(newId('msg')).toMatch(/^msg_[0-9abcdefghjkmnpqrstvwxyz]{26}$/);
  });

  it('encodes the creation time in its first characters', () => {
    const before = Date.now();
    const id = newId('x');
    const ms = [...id.slice(2, 12)].reduce((t, c) => t * 32 + '0123456789abcdefghjkmnpqrstvwxyz'.indexOf(c), 0);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('sorts in creation order, also within one millisecond, and never repeats', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('x'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
