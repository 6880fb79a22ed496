import type { ZodIssue } from 'zod';

/**
 * A zod issue in the services' validation vocabulary (the `type`s of a 422 item, as the REST validation pipe names
 * them: `missing`, `string_type`, `string_too_long`, `enum`, `extra_forbidden`…) with a message a person wrote, never
 * zod's own code (`invalid_type`, `too_small`, `custom`…) or text ("Expected string, received number").
 */
export interface IssueType {
  type: string;
  message: string;
}

const TYPE_BY_EXPECTED: Record<string, [type: string, noun: string]> = {
  string: ['string_type', 'a string'],
  number: ['number_type', 'a number'],
  integer: ['int_type', 'an integer'],
  bigint: ['int_type', 'an integer'],
  boolean: ['bool_type', 'true or false'],
  array: ['list_type', 'an array'],
  object: ['dict_type', 'an object'],
  date: ['date_type', 'a date'],
  null: ['value_error', 'null'],
};

/** zod's default texts, which say what zod checked rather than what the field needs: replaced by ours. */
const ZOD_DEFAULT = /^(Invalid|Required|Expected |String must|Number must|Array must|Invalid input|Unrecognized key)/;

function sized(zi: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>): IssueType {
  const small = zi.code === 'too_small';
  const n = Number(zi.code === 'too_small' ? zi.minimum : zi.maximum);
  const inclusive = zi.inclusive;
  if (zi.type === 'string') {
    if (small && n <= 1) return { type: 'missing', message: 'must not be empty' };
    return small
      ? { type: 'string_too_short', message: `must be at least ${n} characters long` }
      : { type: 'string_too_long', message: `must be at most ${n} characters long` };
  }
  if (zi.type === 'array' || zi.type === 'set') {
    return small
      ? { type: 'too_short', message: `must have at least ${n} item${n === 1 ? '' : 's'}` }
      : { type: 'too_long', message: `must have at most ${n} item${n === 1 ? '' : 's'}` };
  }
  if (small) {
    return inclusive ? { type: 'greater_than_equal', message: `must be at least ${n}` } : { type: 'greater_than', message: `must be greater than ${n}` };
  }
  return inclusive ? { type: 'less_than_equal', message: `must be at most ${n}` } : { type: 'less_than', message: `must be less than ${n}` };
}

/** The 422 `type` and message of one zod issue (union and unknown-key issues are split by the caller). */
export function issueType(zi: ZodIssue): IssueType {
  const own = ZOD_DEFAULT.test(zi.message) ? undefined : zi.message;
  switch (zi.code) {
    case 'invalid_type': {
      if (zi.received === 'undefined') return { type: 'missing', message: 'Field required' };
      if (zi.received === 'null') return { type: 'null_not_allowed', message: 'may not be null; omit the field instead' };
      const [type, noun] = TYPE_BY_EXPECTED[zi.expected] ?? ['value_error', zi.expected];
      return { type, message: own ?? `must be ${noun}` };
    }
    case 'too_small':
    case 'too_big':
      return own ? { ...sized(zi), message: own } : sized(zi);
    case 'invalid_string':
      if (zi.validation === 'url') return { type: 'url_parsing', message: own ?? 'must be a URL' };
      return { type: 'string_pattern_mismatch', message: own ?? 'has the wrong format' };
    case 'invalid_enum_value':
      return { type: 'enum', message: `must be one of ${zi.options.map((o) => JSON.stringify(o)).join(', ')}` };
    case 'invalid_literal':
      return { type: 'enum', message: `must be ${JSON.stringify(zi.expected)}` };
    case 'invalid_union_discriminator':
      return { type: 'enum', message: `must be one of ${zi.options.map((o) => JSON.stringify(o)).join(', ')}` };
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', message: 'unknown property' };
    case 'not_multiple_of':
      return { type: 'multiple_of', message: `must be a multiple of ${zi.multipleOf}` };
    case 'not_finite':
      return { type: 'finite_number', message: 'must be a finite number' };
    case 'invalid_date':
      return { type: 'date_type', message: 'must be a valid date' };
    case 'invalid_union':
      return { type: 'value_error', message: own ?? 'matches none of the allowed forms' };
    default:
      return { type: 'value_error', message: own ?? 'is not a valid value' };
  }
}

/**
 * Every zod issue as `{loc, type, message}` in the services' vocabulary: a union reports the member whose errors got
 * deepest (closest to what the author meant), unknown keys one item each.
 */
export function zodIssues(issues: ZodIssue[]): { loc: (string | number)[]; type: string; message: string }[] {
  const out: { loc: (string | number)[]; type: string; message: string }[] = [];
  const visit = (zi: ZodIssue) => {
    if (zi.code === 'invalid_union') {
      let best: ZodIssue[] = [];
      let bestDepth = -1;
      for (const err of zi.unionErrors) {
        const depth = Math.max(...err.issues.map((i) => i.path.length));
        if (depth > bestDepth) {
          best = err.issues;
          bestDepth = depth;
        }
      }
      if (bestDepth > zi.path.length) return best.forEach(visit);
    }
    if (zi.code === 'unrecognized_keys') {
      for (const k of zi.keys) out.push({ loc: [...zi.path, k], ...issueType(zi) });
      return;
    }
    out.push({ loc: zi.path, ...issueType(zi) });
  };
  issues.forEach(visit);
  return out;
}
