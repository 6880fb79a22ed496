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

  it('scans a megabyte of deep JSON in a few milliseconds', () => {
    const body = bytes(deep(500_000));
    const start = performance.now();
    expect(exceedsJsonDepth(body, 1_000_000)).toBe(false);
    expect(performance.now() - start).toBeLessThan(200);
  });
});
