// Types for rss.mjs (imported by rss.spec.ts).

export const RSS_LIMIT: number;
export function median(values: number[]): number;
export function slope(xs: number[], ys: number[]): number;
export interface RssVerdict {
  start: number;
  end: number;
  max: number;
  growth: number;
  trend: number;
  maxGrowth: number;
  windowS: number;
  flat: boolean;
}
export function rssVerdict(points: { at: number; rss: number }[], limit?: number): RssVerdict;
