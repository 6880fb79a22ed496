import { ValidationError } from '@platform/errors';
import type { SelectQueryBuilder } from 'typeorm';

/** An opaque cursor over (created_at, id): stable under concurrent inserts. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

/** What `encodeCursor` writes: `Date#toISOString()` of a four-digit year, and an id. */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The position in a cursor, or a 422 at `loc` (relative to the caller's input: the edge that passed the cursor
 * names where it came from, `atInput('query', …)`). Only what `encodeCursor` writes is accepted: a
 * looser date (`"2026"` parses in JavaScript but not in PostgreSQL) must not reach the query.
 */
export function decodeCursor(cursor: string, loc: (string | number)[] = ['cursor']): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !CURSOR_AT.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !CURSOR_ID.test(id))
      throw new Error();
    return { createdAt, id };
  } catch {
    throw new ValidationError([{ loc, msg: 'Invalid cursor', type: 'value_error' }]);
  }
}

/**
 * One keyset page over (created_at, id) of a query builder: rows after the cursor in the given
 * order, one more fetched to know whether a next page exists. Stable under concurrent inserts.
 */
export async function keysetPage<T extends { createdAt: Date; id: string }>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  opts: { cursor?: string; limit: number; order: 'ASC' | 'DESC' },
): Promise<{ data: T[]; nextCursor: string | null }> {
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    const op = opts.order === 'ASC' ? '>' : '<';
    qb.andWhere(`(${alias}.created_at, ${alias}.id) ${op} (:keysetAt, :keysetId)`, { keysetAt: c.createdAt, keysetId: c.id });
  }
  const rows = await qb
    .orderBy(`${alias}.created_at`, opts.order)
    .addOrderBy(`${alias}.id`, opts.order)
    .limit(opts.limit + 1)
    .getMany();
  const data = rows.slice(0, opts.limit);
  return { data, nextCursor: rows.length > opts.limit ? encodeCursor(data[data.length - 1]) : null };
}
