import { ValidationError } from '@platform/errors';

/**
 * What an If-Match condition names: any revision (`*`), or a set of revisions (strong tags only: a weak tag
 * `W/"rev-3"` never matches, as RFC 9110's strong comparison says).
 */
export type IfMatch = { any: true } | { any: false; revisions: number[] };

/** One element of the list: optionally weak, optionally quoted, optionally `rev-`, then the revision number. */
const TAG = /^(W\/)?("?)(?:rev-)?([1-9][0-9]{0,9})\2$/;

/**
 * Parses an If-Match value (the REST header, the MCP `if_match` argument) into the revisions it names: the one
 * parser both transports use.
 *
 * RFC 9110 (13.1.1) spells an entity tag quoted (`"rev-5"`), and that form, a comma-separated list of them and `*`
 * are what a client should send. The unquoted `rev-5` and the bare revision number `5` are not valid entity tags,
 * but they can mean one thing only here (every ETag of a design is `"rev-<revision>"`), and RFC 9110 (2.2) lets a
 * recipient recover a usable element from an invalid construct: they name revision 5. Anything else (`banana`,
 * `"abc"`, an empty list element) is refused with a 422 at `loc` rather than ignored (a change meant to be
 * conditional must not run unconditionally) or answered 412 (the design has not moved: the condition is unreadable).
 */
export function parseIfMatch(value: string | number | undefined | null, loc = 'if-match'): IfMatch | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 1) return { any: false, revisions: [value] };
    throw malformed(loc, String(value));
  }
  if (typeof value !== 'string') throw malformed(loc, JSON.stringify(value) ?? String(value));
  const text = value.trim();
  if (text === '*') return { any: true };
  const revisions: number[] = [];
  let weakOnly = true;
  for (const element of text.split(',')) {
    const match = TAG.exec(element.trim());
    if (!match) throw malformed(loc, value);
    if (match[1]) continue;
    weakOnly = false;
    revisions.push(Number(match[3]));
  }
  return { any: false, revisions: weakOnly ? [] : revisions };
}

/** True when the condition (absent: no condition) lets a change of a design at `revision` run. */
export function ifMatchAccepts(condition: IfMatch | undefined, revision: number): boolean {
  return !condition || condition.any || condition.revisions.includes(revision);
}

function malformed(loc: string, value: string): ValidationError {
  return new ValidationError(
    [
      {
        loc: [loc],
        msg: `Not a revision: give the design's revision as a number (5), rev-5, or its ETag "rev-5" (got ${JSON.stringify(value.slice(0, 40))})`,
        type: 'value_error',
      },
    ],
    undefined,
    'header',
  );
}
