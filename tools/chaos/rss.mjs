// The soak's RSS verdict (issue 39: "RSS flat within 10% after warm-up"), robust to garbage-collection sawtooth.
//
// A process's RSS under load is a sawtooth: the heap fills, a collection empties it, and the maximum of 100 samples is
// a peak of that saw, not a level. So each process is judged on its level at the start and at the end of the soak
// after warm-up, and on its trend:
// - start: the median RSS of the first window after warm-up; end: the median of the last window. A window is
//   5 minutes, or a third of the time after warm-up when that is shorter (never fewer than 2 samples);
// - growth: (end − start) / start;
// - trend: the least-squares slope of RSS over every sample after warm-up, times the time after warm-up, as a share of
//   start (how much the fitted line rose over the soak);
// - flat when growth ≤ 10% and trend ≤ 10%. A steady leak of 15% over the soak raises both above 10% (the medians of
//   5-minute windows of a 27-minute line are 12% apart, the fitted line 15%); a sawtooth between two levels leaves
//   both near 0 whatever its amplitude. `max` (the highest sample, as a share above start) is reported, not judged.

export const RSS_LIMIT = 0.1;
const WINDOW_MS = 5 * 60_000;

export function median(values) {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Least-squares slope of y over x (units of y per unit of x); 0 with fewer than two distinct x. */
export function slope(xs, ys) {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}

/**
 * The verdict for one process. `points`: its samples after warm-up, `{ at: ms, rss: bytes }`, in time order.
 * Returns start and end (medians of the first and last windows), max, growth, trend, maxGrowth and flat.
 */
export function rssVerdict(points, limit = RSS_LIMIT) {
  const live = points.filter((p) => p.rss > 0);
  if (live.length < 2)
    return { start: live[0]?.rss ?? 0, end: live[0]?.rss ?? 0, max: live[0]?.rss ?? 0, growth: 0, trend: 0, maxGrowth: 0, windowS: 0, flat: true };
  const t0 = live[0].at;
  const span = live.at(-1).at - t0;
  const window = Math.min(WINDOW_MS, span / 3);
  const first = live.filter((p) => p.at - t0 <= window);
  const last = live.filter((p) => live.at(-1).at - p.at <= window);
  const pick = (xs, n) => (xs.length >= 2 ? xs : n);
  const start = median(pick(first, live.slice(0, 2)).map((p) => p.rss));
  const end = median(pick(last, live.slice(-2)).map((p) => p.rss));
  const max = Math.max(...live.map((p) => p.rss));
  const perMs = slope(
    live.map((p) => p.at - t0),
    live.map((p) => p.rss),
  );
  const growth = (end - start) / start;
  const trend = (perMs * span) / start;
  return { start, end, max, growth, trend, maxGrowth: (max - start) / start, windowS: window / 1000, flat: growth <= limit && trend <= limit };
}
