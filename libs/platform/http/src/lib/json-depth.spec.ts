import { exceedsJsonDepth } from './json-depth';

const deep = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}${close.repeat(levels)}`;
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('exceedsJsonDepth', () => {
  it('counts nested objects and arrays', () => {
    expect(exceedsJsonDepth(bytes('{"a":{"b":[1,{"c":2}]}}'), 4)).toBe(false);
    expect(exceedsJsonDepth(bytes('{"a":{"b":[1,{"c":2}]}}'), 3)).toBe(true);
    expect(exceedsJsonDepth(bytes(deep(128)), 128)).toBe(false);
    expect(exceedsJsonDepth(bytes(deep(129)), 128)).toBe(true);
    expect(exceedsJsonDepth(bytes('[{"a":[{"b":[]}]}]'), 5)).toBe(false);
    expect(exceedsJsonDepth(bytes('"text"'), 0)).toBe(false);
  });

  it('measures depth, not the number of brackets: siblings do not add up', () => {
    expect(exceedsJsonDepth(bytes(`[${Array.from({ length: 10_000 }, () => '{"a":[]}').join(',')}]`), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(bytes(JSON.stringify({ text: '[[[[[[{{{{{{' })), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes(JSON.stringify({ text: 'say \\"[[[[" and \\\\', more: '"{{{{"' })), 1)).toBe(false);
    expect(exceedsJsonDepth(bytes(JSON.stringify({ text: 'ends with a backslash \\', nested: [[1]] })), 2)).toBe(true);
    expect(exceedsJsonDepth(bytes(JSON.stringify({ text: 'ünïcödé 🙂 [[[', nested: [1] })), 2)).toBe(false);
  });

  // Linear, not quadratic: ten times the bytes take about ten times as long. A ratio measured in the same run, each side the
  // best of five, holds on a loaded machine, where a fixed limit in milliseconds did not (288 ms against 200 during CI).
  it('scans deep JSON in linear time, a megabyte well under a second', () => {
    const best = (levels: number) => {
      const body = bytes(deep(levels));
      let fastest = Infinity;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        expect(exceedsJsonDepth(body, 1_000_000)).toBe(false);
        fastest = Math.min(fastest, performance.now() - start);
      }
      return fastest;
    };
    const small = best(50_000);
    const large = best(500_000);
    expect(large / Math.max(small, 0.05)).toBeLessThan(40);
    expect(large).toBeLessThan(2000);
  });
});
