import type { ValueTransformer } from 'typeorm';

/** PostgreSQL `bigint` arrives as a string; byte counts fit a JavaScript number exactly (below 2^53). */
export const bigintNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};
