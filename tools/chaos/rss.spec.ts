import { renderReport, soakStats } from './report.mjs';
import { median, rssVerdict, slope } from './rss.mjs';

const MB = 1048576;
/** A soak after warm-up: a sample every 15 s for `minutes`, RSS from `rss(t)` (t in seconds). */
const soak = (minutes: number, rss: (t: number) => number) =>
  Array.from({ length: (minutes * 60) / 15 + 1 }, (_, i) => ({ at: 180_000 + i * 15_000, rss: Math.round(rss(i * 15)) }));
/** Garbage-collection sawtooth: the heap fills by `amp` MB over `period` s, then drops back. */
const saw = (t: number, amp: number, period: number) => ((t % period) / period) * amp * MB;

describe('the soak RSS verdict', () => {
  it('median and least-squares slope', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(slope([0, 1, 2, 3], [1, 3, 5, 7])).toBeCloseTo(2);
  });

  it('passes a flat sawtooth whose peaks are 25% above its floor (what max-vs-first failed)', () => {
    const points = soak(27, (t) => 150 * MB + saw(t, 40, 170));
    const v = rssVerdict(points);
    // The old verdict (the highest sample vs the first one) called this not flat.
    expect((v.max - points[0].rss) / points[0].rss).toBeGreaterThan(0.2);
    expect(Math.abs(v.growth)).toBeLessThan(0.1);
    expect(Math.abs(v.trend)).toBeLessThan(0.1);
    expect(v.flat).toBe(true);
  });

  it('fails a steady 15% climb over the soak, even under a sawtooth', () => {
    const climb = (t: number) => 150 * MB * (1 + (0.15 * t) / (27 * 60));
    for (const rss of [climb, (t: number) => climb(t) + saw(t, 20, 170)]) {
      const v = rssVerdict(soak(27, rss));
      expect(v.growth).toBeGreaterThan(0.1);
      expect(v.trend).toBeGreaterThan(0.1);
      expect(v.flat).toBe(false);
    }
  });

  it('fails a 12% climb on its trend even when the window medians are less than 10% apart', () => {
    const v = rssVerdict(soak(27, (t) => 150 * MB * (1 + (0.12 * t) / (27 * 60))));
    expect(v.growth).toBeLessThan(0.1);
    expect(v.trend).toBeGreaterThan(0.1);
    expect(v.flat).toBe(false);
  });

  it('fails a heap that steps up once and stays there', () => {
    const v = rssVerdict(soak(27, (t) => (t < 14 * 60 ? 150 : 175) * MB));
    expect(v.growth).toBeGreaterThan(0.1);
    expect(v.flat).toBe(false);
  });

  it('passes RSS that falls, and ignores samples of a process that was not running', () => {
    const points = soak(27, (t) => (200 - t / 60) * MB);
    points[10].rss = 0;
    expect(rssVerdict(points).flat).toBe(true);
  });
});

describe('soakStats and the report', () => {
  /** 1800 s sampled every 15 s from 15 s, as run.mjs does, with warm-up (180 s) included. */
  const samples = (procs: Record<string, (t: number) => number>) =>
    Array.from({ length: 120 }, (_, i) => ({
      at: (i + 1) * 15_000,
      procs: Object.entries(procs).map(([name, rss]) => ({ name, rss: Math.round(rss((i + 1) * 15)), cpu: 0.02 })),
    }));
  const run = (procs: Record<string, (t: number) => number>) =>
    soakStats({ samples: samples(procs), records: [], settled: { ms: 0 }, invariants: [], seconds: 1800, exits: [] });

  it('judges every process after the warm-up: a flat sawtooth passes, a 15% climb fails the run', () => {
    const flat = run({ 'messaging-api-1': (t) => 150 * MB + saw(t, 40, 170), 'entity-api-1': () => 140 * MB });
    expect(flat.warmupS).toBe(180);
    expect(flat.flat).toBe(true);
    const leak = run({ 'messaging-api-1': (t) => 150 * MB + saw(t, 40, 170), 'creative-api-1': (t) => 260 * MB * (1 + (0.15 * Math.max(0, t - 180)) / 1620) });
    expect(leak.flat).toBe(false);
    expect(leak.procs.map((p: { flat: boolean }) => p.flat)).toEqual([true, false]);
    const md = renderReport({ command: 'x', phases: [], rateLimits: {}, soak: leak, rates: {}, duration: 0, started: '' });
    expect(md).toMatch(/\| creative-api-1 \| \d+ MB \| \d+ MB \| \d+ MB \| \+1\d\.\d% \*\*not flat\*\* \| \+1\d\.\d% \|/);
    expect(md).toMatch(/RSS \*\*not\*\* flat within 10%/);
    // Without smaps or /metrics samples there is no table of where the memory is.
    expect(md).not.toMatch(/Where the memory is/);
  });

  it('tells where the memory is: anonymous vs file pages, the heaps, external, and the rest (the allocator)', () => {
    // creative-api-1: 200 MB anonymous growing to 230 MB while its heaps and external stay: the rest grows by 30 MB.
    const at = (t: number) => Math.max(0, t - 180) / 1620;
    const s = samples({ 'creative-api-1': (t) => 300 * MB + at(t) * 30 * MB }).map((x) => ({
      ...x,
      procs: x.procs.map((p) => ({
        ...p,
        smaps: { rss: p.rss, anon: p.rss - 100 * MB, file: 100 * MB },
        heap: { used: 80 * MB, total: 100 * MB, external: 20 * MB, newSpace: 8 * MB, codeSpace: 4 * MB, threadsTotal: 30 * MB, threadsExternal: 10 * MB },
      })),
    }));
    const out = soakStats({ samples: s, records: [], settled: { ms: 0 }, invariants: [], seconds: 1800, exits: [] });
    const m = (out.procs[0] as unknown as { memory: Record<string, { start: number; end: number }> }).memory;
    expect(m.file).toEqual({ start: 100 * MB, end: 100 * MB });
    expect(m.heapTotal).toEqual({ start: 100 * MB, end: 100 * MB });
    expect(m.threads).toEqual({ start: 30 * MB, end: 30 * MB });
    expect(m.external).toEqual({ start: 30 * MB, end: 30 * MB });
    // rest = anonymous − main heap − threads' heaps − external (main and threads).
    expect(m.rest.start).toBeCloseTo(m.anon.start - 160 * MB);
    expect(m.rest.end - m.rest.start).toBeCloseTo(m.anon.end - m.anon.start);
    expect((m.rest.end - m.rest.start) / MB).toBeGreaterThan(20);
    const md = renderReport({ command: 'x', phases: [], rateLimits: {}, soak: out, rates: {}, duration: 0, started: '' });
    expect(md).toMatch(/Where the memory is/);
    expect(md).toMatch(
      /\| creative-api-1 \| \d+ MB → \d+ MB \| 100 MB → 100 MB \| 100 MB → 100 MB \| 8 MB → 8 MB \| 30 MB → 30 MB \| 30 MB → 30 MB \| \d+ MB → \d+ MB \|/,
    );
  });
});
