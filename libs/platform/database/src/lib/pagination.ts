import { ValidationError } from '@platform/errors';

/** An opaque cursor over (created_at, id): stable under concurrent inserts. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

export function decodeCursor(cursor: string, loc: (string | number)[] = ['query', 'cursor']): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) throw new Error();
    return { createdAt, id };
  } catch {
    throw new ValidationError([{ loc, msg: 'Invalid cursor', type: 'value_error' }]);
  }
}
