import {
  BriefSchema,
  isNamedFormat,
  MAX_PAGE_SIDE,
  NAMED_FORMATS,
  validateIr,
  zodIssues,
  type Brief,
  type IrDocument,
  type IrIssue,
} from '@platform/creative-ir';
import { ErrorDetail, ValidationError } from '@platform/errors';

export type Loc = (string | number)[];

/** Limits on a brief's text, so one request cannot ask for a layout of megabytes of text. */
export const BRIEF_LIMITS = { text: 2000, items: 50, itemText: 500, data: 50 } as const;

export function irIssueDetails(issues: IrIssue[], loc: Loc): ErrorDetail[] {
  return issues.map((i) => ({ loc: [...loc, ...i.loc], msg: i.message, type: i.code }));
}

/** The IR validated by the library (its normalized value), or a 422 with one item per issue under `loc`. */
export function irOrThrow(input: unknown, loc: Loc): IrDocument {
  const r = validateIr(input);
  if (!r.ok) throw new ValidationError(irIssueDetails(r.issues, loc));
  return r.value;
}

const SIZE = /^(\d{1,5})\s*[xX×]\s*(\d{1,5})$/;

/** Problems with a brief's `format`: a name the library knows, "WxH", or `{width, height}` within the page limits. */
function formatProblems(format: Brief['format'], loc: Loc): ErrorDetail[] {
  if (format === null || format === undefined) return [];
  const names = `a named format (${Object.keys(NAMED_FORMATS).join(', ')})`;
  const side = (v: number, field: string): ErrorDetail[] =>
    v >= 1 && v <= MAX_PAGE_SIDE ? [] : [{ loc: [...loc, field], msg: `must be an integer from 1 to ${MAX_PAGE_SIDE}`, type: 'value_error' }];
  if (typeof format === 'string') {
    const m = SIZE.exec(format.trim());
    if (m) {
      // One item for the string, naming the side (or sides) out of range.
      const sides: [string, number][] = [
        ['width', +m[1]],
        ['height', +m[2]],
      ];
      const bad = sides.filter(([, v]) => v < 1 || v > MAX_PAGE_SIDE).map(([name, v]) => `${name} ${v}`);
      if (!bad.length) return [];
      const subject = bad.join(' and ');
      return [
        { loc, msg: `${subject} ${bad.length > 1 ? 'are' : 'is'} out of range: each side must be an integer from 1 to ${MAX_PAGE_SIDE}`, type: 'value_error' },
      ];
    }
    return isNamedFormat(format) ? [] : [{ loc, msg: `must be ${names} or "WIDTHxHEIGHT"`, type: 'value_error' }];
  }
  const out: ErrorDetail[] = [];
  if (format.width != null) out.push(...side(format.width, 'width'));
  if (format.height != null) out.push(...side(format.height, 'height'));
  if ((format.width == null) !== (format.height == null)) out.push({ loc, msg: 'give both width and height, or a name', type: 'value_error' });
  if (format.width == null && format.height == null) {
    if (!format.name) out.push({ loc, msg: 'give width and height, or a name', type: 'value_error' });
    else if (!isNamedFormat(format.name)) out.push({ loc: [...loc, 'name'], msg: `must be ${names}`, type: 'value_error' });
  }
  return out;
}

/** A brief validated with the library's schema (unknown fields dropped) and the service's limits, or a 422 under `loc`. */
export function briefOrThrow(input: unknown, loc: Loc): Brief {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ValidationError([{ loc, msg: 'must be an object', type: 'dict_type' }]);
  }
  const parsed = BriefSchema.safeParse(input);
  if (!parsed.success) {
    throw new ValidationError(zodIssues(parsed.error.issues).map((i) => ({ loc: [...loc, ...i.loc], msg: i.message, type: i.type })));
  }
  const brief = parsed.data;
  const details: ErrorDetail[] = [];
  for (const [key, value] of Object.entries(brief)) {
    if (typeof value === 'string' && value.length > BRIEF_LIMITS.text)
      details.push({ loc: [...loc, key], msg: `at most ${BRIEF_LIMITS.text} characters`, type: 'string_too_long' });
  }
  for (const [key, value] of Object.entries(brief.brand ?? {})) {
    if (typeof value === 'string' && value.length > BRIEF_LIMITS.text)
      details.push({ loc: [...loc, 'brand', key], msg: `at most ${BRIEF_LIMITS.text} characters`, type: 'string_too_long' });
  }
  if (brief.items && brief.items.length > BRIEF_LIMITS.items)
    details.push({ loc: [...loc, 'items'], msg: `at most ${BRIEF_LIMITS.items} items`, type: 'too_long' });
  brief.items?.forEach((item, i) => {
    if (item.length > BRIEF_LIMITS.itemText)
      details.push({ loc: [...loc, 'items', i], msg: `at most ${BRIEF_LIMITS.itemText} characters`, type: 'string_too_long' });
  });
  if (brief.data && brief.data.length > BRIEF_LIMITS.data) details.push({ loc: [...loc, 'data'], msg: `at most ${BRIEF_LIMITS.data} rows`, type: 'too_long' });
  if (brief.data && Buffer.byteLength(JSON.stringify(brief.data)) > 64 * 1024)
    details.push({ loc: [...loc, 'data'], msg: 'at most 64 KB of JSON', type: 'too_long' });
  details.push(...formatProblems(brief.format, [...loc, 'format']));
  // Images are uploaded assets (`asset:<id>`): a stored brief does not carry megabytes of data URLs.
  const imageSrc = (v: unknown) => (typeof v === 'string' ? v : (v as { src?: string } | null | undefined)?.src);
  const briefImages: [unknown, Loc][] = [[brief.image, [...loc, 'image']], ...(brief.images ?? []).map((v, i): [unknown, Loc] => [v, [...loc, 'images', i]])];
  for (const [v, l] of briefImages) {
    const src = imageSrc(v);
    if (typeof src === 'string' && !src.startsWith('asset:'))
      details.push({ loc: typeof v === 'string' ? l : [...l, 'src'], msg: 'must be "asset:<id>" (upload the image as an asset first)', type: 'value_error' });
  }
  if (details.length) throw new ValidationError(details);
  return brief;
}
