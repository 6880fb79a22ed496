import type { ZodIssue } from 'zod';
import { IrDocumentSchema, type IrDocument, type IrNode } from './ir-schema';
import { parsePathData } from './path-data';
import { zodIssues } from './issue-types';

/** One problem in an IR document. `loc` is the path as a list (FastAPI/422 style), `path` the same as a JSON path. */
export interface IrIssue {
  loc: (string | number)[];
  path: string;
  message: string;
  code: string;
}

export type IrValidationResult = { ok: true; value: IrDocument; issues: [] } | { ok: false; issues: IrIssue[] };

export class IrValidationError extends Error {
  constructor(readonly issues: IrIssue[]) {
    super(
      `Invalid creative IR: ${issues
        .slice(0, 5)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}${issues.length > 5 ? ` (+${issues.length - 5} more)` : ''}`,
    );
    this.name = 'IrValidationError';
  }
}

export function toJsonPath(loc: (string | number)[]): string {
  let out = '$';
  for (const part of loc) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

function issue(loc: (string | number)[], message: string, code: string): IrIssue {
  return { loc, path: toJsonPath(loc), message, code };
}

/** zod's issues as IR issues, in the services' vocabulary (`missing`, `string_type`, `enum`…: see `issue-types.ts`). */
function fromZod(zis: ZodIssue[]): IrIssue[] {
  return zodIssues(zis).map((i) => {
    let message = i.message;
    if (i.type === 'enum' && i.loc[i.loc.length - 1] === 'type') message = message.replace(/^must be one of/, 'unknown type; expected one of');
    else if (i.type === 'enum' && i.loc.join('.') === 'version') message = `unsupported version; ${message.replace(/^must be/, 'expected')}`;
    return issue(i.loc, message, i.type);
  });
}

const MAX_DEPTH = 48;
const MAX_NODES = 5000;

const MIN_MAX = [
  ['minWidth', 'maxWidth'],
  ['minHeight', 'maxHeight'],
  ['minFontSize', 'maxFontSize'],
] as const;

/** Checks zod cannot express. Paths are built only when an issue is found (this runs on every render). */
function semanticChecks(doc: IrDocument): IrIssue[] {
  const issues: IrIssue[] = [];
  const ids = new Map<string, (string | number)[]>();
  let count = 0;
  const visit = (node: IrNode, loc: (string | number)[], depth: number, parentLayout: boolean) => {
    count++;
    if (count === MAX_NODES + 1) issues.push(issue(loc, `too many nodes (at most ${MAX_NODES})`, 'too_many_nodes'));
    if (depth > MAX_DEPTH) {
      issues.push(issue(loc, `nesting too deep (at most ${MAX_DEPTH} levels)`, 'too_deep'));
      return;
    }
    if (node.id !== undefined) {
      const prev = ids.get(node.id);
      if (prev) issues.push(issue([...loc, 'id'], `duplicate id "${node.id}" (first used at ${toJsonPath(prev)})`, 'duplicate_id'));
      else ids.set(node.id, loc);
    }
    for (const [min, max] of MIN_MAX) {
      const a = (node as Record<string, unknown>)[min];
      const b = (node as Record<string, unknown>)[max];
      if (typeof a === 'number' && typeof b === 'number' && a > b) {
        issues.push(issue([...loc, min], `${min} (${a}) is greater than ${max} (${b})`, 'min_greater_than_max'));
      }
    }
    const fills = node.fills;
    if (fills) {
      for (let i = 0; i < fills.length; i++) {
        const f = fills[i];
        if (f.type === 'solid') continue;
        for (let s = 1; s < f.stops.length; s++) {
          if (f.stops[s].offset < f.stops[s - 1].offset) {
            issues.push(issue([...loc, 'fills', i, 'stops', s, 'offset'], 'gradient stops must be in increasing offset order', 'stops_order'));
            break;
          }
        }
      }
    }
    if (!parentLayout) {
      if (node.layoutSizingHorizontal === 'fill' || node.layoutSizingVertical === 'fill') {
        const key = node.layoutSizingHorizontal === 'fill' ? 'layoutSizingHorizontal' : 'layoutSizingVertical';
        if (depth > 0) issues.push(issue([...loc, key], '"fill" needs an auto-layout parent (layoutMode horizontal or vertical)', 'fill_without_auto_layout'));
      }
    }
    if (node.type === 'path') {
      const err = parsePathData(node.d).error;
      if (err) issues.push(issue([...loc, 'd'], `invalid SVG path data: ${err}`, 'invalid_path'));
    }
    if (node.type === 'text' && node.fit === 'shrink' && node.width === undefined && node.layoutSizingHorizontal !== 'fill') {
      issues.push(issue([...loc, 'width'], 'fit "shrink" needs a width (or layoutSizingHorizontal "fill")', 'shrink_without_width'));
    }
    if ((node.type === 'frame' || node.type === 'group') && node.children) {
      const auto = node.type === 'frame' && (node.layoutMode === 'horizontal' || node.layoutMode === 'vertical');
      const children = node.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i];
        visit(c, [...loc, 'children', i], depth + 1, auto && c.layoutPositioning !== 'absolute');
      }
    }
  };
  visit(doc.root, ['root'], 0, false);
  doc.fonts?.forEach((f, i) => {
    if (f.src !== undefined && !/^data:[a-z/+.-]*;base64,/.test(f.src) && !/^asset:/.test(f.src)) {
      issues.push(issue(['fonts', i, 'src'], 'must be a base64 data URL or "asset:<id>"', 'invalid_font_src'));
    }
  });
  return issues;
}

/**
 * Where a document nests deeper than zod's recursion can follow (thousands of levels, a
 * stack overflow): the first node deeper than MAX_DEPTH, found without recursion, or the top.
 */
function tooDeep(input: unknown): IrIssue {
  const message = `nesting too deep (at most ${MAX_DEPTH} levels)`;
  const root = (input as { root?: unknown } | null)?.root;
  const stack: [unknown, (string | number)[]][] = [[root, ['root']]];
  while (stack.length) {
    const [node, loc] = stack.pop()!;
    if (loc.length / 2 - 0.5 > MAX_DEPTH) return issue(loc, message, 'too_deep');
    const children = (node as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) children.forEach((c, i) => stack.push([c, [...loc, 'children', i]]));
  }
  return issue([], 'nested too deeply', 'too_deep');
}

/** Validates an unknown value as an IR document; never throws. */
export function validateIr(input: unknown): IrValidationResult {
  try {
    return validateOrThrow(input);
  } catch (e) {
    // zod recurses; a document nested thousands of levels deep overflows the stack.
    if (e instanceof RangeError) return { ok: false, issues: [tooDeep(input)] };
    throw e;
  }
}

function validateOrThrow(input: unknown): IrValidationResult {
  const parsed = IrDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    const issues = fromZod(parsed.error.issues).filter((i) => {
      const key = `${i.path}|${i.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ok: false, issues };
  }
  const doc = parsed.data as IrDocument;
  const issues = semanticChecks(doc);
  if (issues.length) return { ok: false, issues };
  return { ok: true, value: doc, issues: [] };
}

/** Validates and returns the typed document, or throws `IrValidationError` with every issue. */
export function parseIr(input: unknown): IrDocument {
  const r = validateIr(input);
  if (!r.ok) throw new IrValidationError(r.issues);
  return r.value;
}
