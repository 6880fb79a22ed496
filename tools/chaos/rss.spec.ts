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
  });
});
