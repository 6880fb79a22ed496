// Types for the parts of report.mjs that rss.spec.ts and report.spec.ts import.
import type { RssVerdict } from './rss.mjs';

export interface SoakSample {
  at: number;
  procs: {
    name: string;
    rss: number;
    cpu: number;
    heap?: { used: number; total: number; external: number; newSpace?: number; codeSpace?: number; threadsTotal?: number; threadsExternal?: number } | null;
    smaps?: { rss: number; anon: number; file: number } | null;
  }[];
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
export interface LatencySummary {
  n: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}
export interface Latency {
  request: LatencySummary;
  attempt: LatencySummary;
  duplicates: LatencySummary;
  retried: number;
  retriedBy: Record<string, number>;
  byOp: Record<string, { request: LatencySummary; attempt: LatencySummary; retried: number }>;
}
export function latency(records: unknown[]): Latency;
