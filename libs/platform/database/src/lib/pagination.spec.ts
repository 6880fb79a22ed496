import { ValidationError } from '@platform/errors';
import { decodeCursor, encodeCursor } from './pagination';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('keyset cursors', () => {
  it('round-trips what encodeCursor writes', () => {
    const at = new Date('2026-11-21T12:34:56.789Z');
    expect(decodeCursor(encodeCursor({ createdAt: at, id: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph' }))).toEqual({
      createdAt: at.toISOString(),
      id: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph',
    });
  });

  it('refuses anything else with a 422 at the given loc, before it reaches SQL', () => {
    for (const bad of [
      'garbage',
      cursorOf(['2026', 'ent_1']), // a date JavaScript parses and PostgreSQL does not
      cursorOf(['Jan 1 2026 10:00', 'ent_1']),
      cursorOf(['+275760-09-13T00:00:00.000Z', 'ent_1']),
      cursorOf(['2026-11-21T12:34:56.789Z', 7]),
      cursorOf(['2026-11-21T12:34:56.789Z', "x' OR 1=1"]),
      cursorOf(['2026-11-21T12:34:56.789Z', 'a'.repeat(65)]),
      cursorOf({ createdAt: '2026-11-21T12:34:56.789Z', id: 'x' }),
    ]) {
      let error: unknown;
      try {
        decodeCursor(bad, ['query', 'after']);
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).details[0].loc).toEqual(['query', 'after']);
    }
  });
});
