import { copyArrays, copyList, RecentAnswers } from './recent-answers';
import { findCorrections } from './statements';
import { termsOf } from './terms';

describe('RecentAnswers', () => {
  it('computes once per key while the key is recent', () => {
    const cache = new RecentAnswers<Array<{ v: string }>>(10, 100_000, copyList);
    let calls = 0;
    const compute = () => (calls++, [{ v: 'x' }]);
    expect(cache.get('a', compute)).toEqual([{ v: 'x' }]);
    expect(cache.get('a', compute)).toEqual([{ v: 'x' }]);
    expect(calls).toBe(1);
  });

  it('hands out copies: a caller changing its answer changes no later answer', () => {
    const lists = new RecentAnswers<Array<{ v: string }>>(10, 100_000, copyList);
    lists.get('a', () => [{ v: 'x' }])[0].v = 'changed';
    expect(lists.get('a', () => [])).toEqual([{ v: 'x' }]);
    const objects = new RecentAnswers<{ stems: string[] }>(10, 100_000, copyArrays);
    objects.get('a', () => ({ stems: ['x'] })).stems.push('changed');
    expect(objects.get('a', () => ({ stems: [] })).stems).toEqual(['x']);
  });

  it('stays within its entry bound and its byte bound, dropping the least recently used first', () => {
    const byCount = new RecentAnswers<Array<{ v: string }>>(3, 1_000_000, copyList);
    for (const k of ['a', 'b', 'c']) byCount.get(k, () => [{ v: k }]);
    byCount.get('a', () => [{ v: 'recomputed' }]);
    byCount.get('d', () => [{ v: 'd' }]);
    expect(byCount.stats().entries).toBe(3);
    // 'b' was the least recently used: it is gone, 'a' (used again) is not.
    expect(byCount.get('a', () => [{ v: 'recomputed' }])).toEqual([{ v: 'a' }]);
    expect(byCount.get('b', () => [{ v: 'recomputed' }])).toEqual([{ v: 'recomputed' }]);

    const byBytes = new RecentAnswers<Array<{ v: string }>>(1000, 20_000, copyList);
    for (let i = 0; i < 200; i++) byBytes.get(`key ${i}`, () => [{ v: 'x'.repeat(1000) }]);
    const s = byBytes.stats();
    expect(s.bytes).toBeLessThanOrEqual(s.maxBytes);
    expect(s.entries).toBeLessThan(20);
    expect(s.entries).toBeGreaterThan(0);
  });
});

describe('the engine functions that remember recent answers', () => {
  it('give the same answer from the cache as computed, and never a changed one', () => {
    const first = findCorrections("It's 88213-B, not 88231-B.");
    expect(first).toEqual([expect.objectContaining({ from: '88231-B', to: '88213-B' })]);
    first[0].to = 'changed';
    expect(findCorrections("It's 88213-B, not 88231-B.")).toEqual([expect.objectContaining({ from: '88231-B', to: '88213-B' })]);

    const terms = termsOf('My flight to Lisbon is on March 14th', 'en');
    terms.stems.length = 0;
    expect(termsOf('My flight to Lisbon is on March 14th', 'en').stems.length).toBeGreaterThan(0);
  });

  it('read dates against the reference given, which is not cached', () => {
    const text = 'the appointment is tomorrow';
    expect(termsOf(text, 'en', new Date(Date.UTC(2026, 10, 29))).dates).toEqual(['2026-11-30']);
    expect(termsOf(text, 'en', new Date(Date.UTC(2026, 11, 7))).dates).toEqual(['2026-12-08']);
  });
});
