import { ValidationError } from '@platform/errors';

/** Refuses a JSON object larger than `maxBytes` once serialized. */
export function assertJsonSize(value: unknown, loc: (string | number)[], maxBytes = 16 * 1024): void {
  if (value === undefined) return;
  if (Buffer.byteLength(JSON.stringify(value)) > maxBytes) {
    throw new ValidationError([{ loc, msg: `Must be at most ${maxBytes} bytes as JSON`, type: 'too_long' }]);
  }
}
