import { BytesLru } from '../bytes-lru';

const b = (n: number) => Buffer.alloc(n);

describe('BytesLru', () => {
  it('drops the least recently used entries to stay within its byte budget', () => {
    const lru = new BytesLru<Buffer>(100);
    lru.set('a', b(20));
    lru.set('b', b(20));
    lru.set('c', b(20));
    expect(lru.get('a')?.byteLength).toBe(20); // a is now the most recent
    lru.set('d', b(20));
    lru.set('e', b(25));
    expect(lru.bytes).toBeLessThanOrEqual(100);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('e')).toBeDefined();
    expect(lru.size).toBe(4);
  });

  it('replaces an entry without counting it twice, and does not keep one over a quarter of the budget', () => {
    const lru = new BytesLru<Buffer>(100);
    lru.set('a', b(20));
    lru.set('a', b(10));
    expect(lru.bytes).toBe(10);
    lru.set('big', b(26));
    expect(lru.get('big')).toBeUndefined();
    expect(lru.bytes).toBe(10);
    expect([lru.hits, lru.misses]).toEqual([0, 1]);
  });
});
