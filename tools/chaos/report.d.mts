// Types for the parts of report.mjs that rss.spec.ts imports.
import type { RssVerdict } from './rss.mjs';

export interface SoakSample {
  at: number;
  procs: { name: string; rss: number; cpu: number; heap?: { used: number; total: number; external: number } | null }[];
}
export interface SoakProc extends RssVerdict {
  name: string;
  cpu: number;
  heap: RssVerdict | null;
}
export interface Soak {
  seconds: number;
  warmupS: number;
  procs: SoakProc[];
  flat: boolean;
  [more: string]: unknown;
}
export function soakStats(input: {
  samples: SoakSample[];
  records: unknown[];
  settled: { ms: number; left?: number };
  invariants: { ok: boolean; name?: string; count?: number; violations?: string[] }[];
  seconds: number;
  exits: string[];
}): Soak;
export function renderReport(input: Record<string, unknown>): string;
