import { ValidationError, type ErrorDetail } from '@platform/errors';
import { distance } from 'fastest-levenshtein';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schemas are untyped JSON */
type Json = any;

/**
 * Tool input schemas a model can be held to: the schema a tool publishes is "strict" in the sense of OpenAI's strict
 * function calling (and plain enough for Gemini), and the same description drives what the server does with the
 * arguments (`normalizeArguments`).
 *
 * - Every object is closed (`additionalProperties: false`) and lists every property in `required`; a property that
 *   is optional takes `null` as well, and null (or leaving it out) means "not given".
 * - No `$ref`, `allOf`, `oneOf`, `default` (written into the description) or formats outside OpenAI's list: every
 *   schema is inline and shallow.
 * - A value the schema cannot describe that way (a whole Creative IR, a brief at depth, a node's fills, a merge patch,
 *   a free object such as `metadata`) is declared as JSON text (`type: string`) whose description names its schema
 *   (the `creative://schemas/...` resources); the server parses the text, and takes the object itself as well.
 */

/** The IR component of the OpenAPI document: described by the `creative://schemas/ir` resource, never inlined. */
export const IR_COMPONENT = 'CreativeIr';
export const IR_RESOURCE = 'creative://schemas/ir';
export const BRIEF_RESOURCE = 'creative://schemas/brief';

/** Objects nested deeper than this (the arguments are depth 0) are JSON text. */
const MAX_OBJECT_DEPTH = 2;
/** Formats OpenAI's strict mode knows; others are dropped (the description says what the value is). */
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const SCALAR_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'pattern', 'minLength', 'maxLength'];

/** How the server reads one alternative of an argument's value (see `normalizeArguments`). */
export interface Plan {
  /** JSON text: a string is parsed; an object or array is taken as it is. */
  json?: true;
  object?: { props: Record<string, Plan[]>; optional: Set<string> };
  items?: Plan[];
}

interface Converted {
  schema: Json;
  plans: Plan[];
}

export interface StrictContext {
  /** The components the schema's `#/$defs/<name>` references name. */
  defs: Record<string, Json>;
  /** What a free object or the IR is called in descriptions, by argument name (`ir` → the IR resource). */
  jsonHint?: (name: string) => string | undefined;
}

const typesOf = (s: Json): string[] => (s.type === undefined ? [] : ([] as string[]).concat(s.type));

/** `s` with `$ref` and one-element `allOf` resolved into it (its own keywords win). */
function resolved(s: Json, ctx: StrictContext): Json | 'ir' {
  let out = s;
  for (let i = 0; i < 8; i++) {
    if (typeof out?.$ref === 'string') {
      const name = out.$ref.replace(/^#\/\$defs\//, '');
      if (name === IR_COMPONENT || name.startsWith(`${IR_COMPONENT}/`)) return 'ir';
      const { $ref: _ref, ...rest } = out;
      out = { ...(ctx.defs[name] ?? {}), ...rest };
      continue;
    }
    if (Array.isArray(out?.allOf) && out.allOf.length === 1) {
      const { allOf, ...rest } = out;
      const inner = resolved(allOf[0], ctx);
      if (inner === 'ir') return 'ir';
      out = { ...inner, ...rest };
      continue;
    }
    break;
  }
  return out;
}

const jsonText = (description: string): Converted => ({
  schema: { type: 'string', description: description.trim() },
  plans: [{ json: true }],
});

/** `schema` that also takes null. */
export function nullable(schema: Json): Json {
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.some((b: Json) => b.type === 'null') ? schema : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  const types = typesOf(schema);
  if (types.includes('null')) return schema;
  const out = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

function describe(description: string | undefined, extra?: string): string | undefined {
  const text = [short(description), extra].filter(Boolean).join(' ');
  return text || undefined;
}

/** Longest property description a tool schema carries (the REST documentation has the whole text). */
const DESCRIPTION_MAX = 100;

/** A description cut to its first sentence, or to DESCRIPTION_MAX characters at a word. */
export function short(text: string | undefined, max = DESCRIPTION_MAX): string | undefined {
  const t = text?.trim().replace(/\s+/g, ' ');
  if (!t) return undefined;
  if (t.length <= max) return t;
  const sentence = /^(.{20,}?[.;])\s/.exec(t);
  if (sentence && sentence[1].length <= max) return sentence[1];
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20))}…`;
}

function withDefault(s: Json): string | undefined {
  if (s['x-whole']) return s.description;
  if (s.default === undefined || /default/i.test(s.description ?? '')) return short(s.description);
  const text = short(s.description);
  return `${text ? `${text.replace(/[.;:]$/, '')}. ` : ''}Default ${JSON.stringify(s.default)}.`;
}

/** The `type` value a branch of a union stands for (`{type: {enum: ['resize']}}`), if it has one. */
function kindOf(branch: Json): string | undefined {
  const t = branch?.properties?.type;
  if (t?.const !== undefined) return String(t.const);
  return Array.isArray(t?.enum) && t.enum.length === 1 ? String(t.enum[0]) : undefined;
}

/**
 * A union of objects told apart by `type` (image operations, paints) as one object: `type` among every kind, and
 * every other property of any kind, optional (each kind's own rules are checked by the operation, with `loc`).
 * Much smaller than the union, and what a strict converter takes.
 */
function mergedUnion(branches: Json[], description: string | undefined): Json | undefined {
  if (branches.length < 3 || !branches.every((b) => typesOf(b).includes('object') && kindOf(b))) return undefined;
  const properties: Record<string, Json> = {};
  for (const b of branches) for (const [k, p] of Object.entries<Json>(b.properties)) if (k !== 'type' && !(k in properties)) properties[k] = p;
  const kinds = branches.map((b) => `${kindOf(b)}${b.properties.type.description ? ` (${short(b.properties.type.description, 60)})` : ''}`);
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties: { type: { type: 'string', enum: branches.map(kindOf), description: kinds.join('; '), 'x-whole': true }, ...properties },
    required: ['type'],
  };
}

/** One schema (an argument, a property, an item) in the strict form, with how to read its values. */
export function strictSchema(input: Json, ctx: StrictContext, depth: number, name = ''): Converted {
  const s = resolved(input, ctx);
  if (s === 'ir')
    return jsonText(describe(input.description, `A Creative IR document as JSON text (schema: resource ${IR_RESOURCE}; an object is accepted too).`)!);
  const description = withDefault(s);
  const hint = ctx.jsonHint?.(name);
  const alternatives: Json[] | undefined = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) {
    const branches = alternatives.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    const hasNull = branches.length < alternatives.length || typesOf(s).includes('null');
    const objects = branches.map((b) => resolved(b, ctx));
    const merged = objects.includes('ir') ? undefined : mergedUnion(objects, description);
    if (merged) {
      const one = strictSchema(merged, ctx, depth, name);
      return { schema: hasNull ? nullable(one.schema) : one.schema, plans: one.plans };
    }
    if (branches.length === 1) {
      const one = strictSchema({ ...branches[0], description: branches[0].description ?? description }, ctx, depth, name);
      return { schema: hasNull ? nullable(one.schema) : one.schema, plans: one.plans };
    }
    const converted = branches.map((b) => strictSchema(b, ctx, depth, name));
    // Alternatives that are (or hold) JSON text read as one JSON text: a model sends one string either way.
    if (
      converted.some((c) => c.plans.some((p) => p.json) && typesOf(c.schema).includes('string')) &&
      converted.some((c) => c.plans.some((p) => p.object || p.items))
    )
      return jsonText(describe(description, hint ?? 'JSON text (an object is accepted too).')!);
    const plans = converted.flatMap((c) => c.plans);
    const bare = converted.map((c) => withoutNull(stripDescription(c.schema)));
    // Alternatives that are all strings to a model (a named format, or an object as JSON text) are one string.
    if (bare.every((b) => b.type === 'string' && Object.keys(b).every((k) => k === 'type' || k === 'description'))) {
      const text = converted.some((c) => c.plans.some((p) => p.json)) ? (hint ?? 'A string, or an object as JSON text.') : undefined;
      const schema = { type: 'string', ...(describe(description, text) ? { description: describe(description, text) } : {}) };
      return { schema: hasNull ? nullable(schema) : schema, plans };
    }
    const schema: Json = { anyOf: bare, ...(description ? { description } : {}) };
    return { schema: hasNull ? nullable(schema) : schema, plans };
  }
  const types = typesOf(s);
  const isNullable = types.includes('null');
  if (types.includes('object')) {
    const props = s.properties ?? {};
    // The arguments themselves (depth 0) are always an object of known names, even when there are none. An object
    // that lists its properties is closed here even where REST lets more through (a workflow step): the tool layer is
    // strict; one that lists none (`metadata`, `bundle`) is free, so JSON text.
    const free = depth > 0 && !Object.keys(props).length;
    if (free || depth >= MAX_OBJECT_DEPTH) {
      const j = jsonText(describe(description, hint ?? 'A JSON object as JSON text (an object is accepted too).')!);
      return isNullable ? { ...j, schema: nullable(j.schema) } : j;
    }
    const required = new Set<string>(s.required ?? []);
    const properties: Record<string, Json> = {};
    const plans: Record<string, Plan[]> = {};
    const optional = new Set<string>();
    for (const [key, prop] of Object.entries<Json>(props)) {
      const c = strictSchema(prop, ctx, depth + 1, key);
      properties[key] = required.has(key) ? c.schema : nullable(c.schema);
      if (!required.has(key)) optional.add(key);
      plans[key] = c.plans;
    }
    const schema: Json = {
      type: isNullable ? ['object', 'null'] : 'object',
      ...(description ? { description } : {}),
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    return { schema, plans: [{ object: { props: plans, optional } }] };
  }
  if (types.includes('array')) {
    // Items are as deep as their array (a list of scenes is a list of objects a model fills in, like one).
    const items = s.items ? strictSchema(s.items, ctx, depth, name) : jsonText('Any JSON value as JSON text.');
    const schema: Json = {
      type: isNullable ? ['array', 'null'] : 'array',
      ...(description ? { description } : {}),
      items: stripDescription(items.schema, true),
      ...(s.minItems !== undefined ? { minItems: s.minItems } : {}),
      ...(s.maxItems !== undefined ? { maxItems: s.maxItems } : {}),
    };
    return { schema, plans: [{ items: items.plans }] };
  }
  if (!types.length && s.enum === undefined && s.const === undefined) return jsonText(describe(description, hint ?? 'Any JSON value as JSON text.')!);
  const schema: Json = { ...(types.length ? { type: types.length === 1 ? types[0] : types } : {}) };
  if (!types.length) schema.type = typeof (s.enum?.[0] ?? s.const) === 'number' ? 'number' : 'string';
  if (s.enum !== undefined) schema.enum = s.enum;
  if (s.const !== undefined) schema.enum = [s.const];
  for (const k of SCALAR_KEYWORDS) if (s[k] !== undefined) schema[k] = s[k];
  // A bound zod writes as `exclusiveMinimum: true` (draft 4) is a number in 2020-12.
  for (const k of ['exclusiveMinimum', 'exclusiveMaximum']) if (typeof schema[k] === 'boolean') delete schema[k];
  if (s.format !== undefined && FORMATS.has(s.format)) schema.format = s.format;
  if (description) schema.description = description;
  return { schema, plans: [{}] };
}

/** `schema` without its own null (a union says null once). */
function withoutNull(schema: Json): Json {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const type = schema.type.filter((t: string) => t !== 'null');
  const out = { ...schema, type: type.length === 1 ? type[0] : type };
  if (Array.isArray(out.enum)) out.enum = out.enum.filter((v: unknown) => v !== null);
  return out;
}

/** An item's or a branch's own description is said once, by its parent (and nothing is lost for a model). */
function stripDescription(schema: Json, keepShort = false): Json {
  if (keepShort && (schema.description?.length ?? 0) <= 160) return schema;
  if (schema.type === 'string' && /JSON text/.test(schema.description ?? '')) return schema;
  const { description: _d, ...rest } = schema;
  return rest;
}

/** The valid name nearest to `name` (case and separators ignored first), when it is near enough to be a slip. */
export function nearestName(name: string, valid: string[]): string | undefined {
  const fold = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');
  let best: { name: string; d: number } | undefined;
  for (const v of valid) {
    const d = fold(v) === fold(name) ? 0 : Math.min(distance(name.toLowerCase(), v.toLowerCase()), distance(fold(name), fold(v)));
    if (!best || d < best.d) best = { name: v, d };
  }
  // A prefix or suffix slip (`template_id` for `template`) counts as near too.
  const affix = valid.find((v) => name.length > v.length && (fold(name).startsWith(fold(v)) || fold(name).endsWith(fold(v))) && v.length >= 3);
  if (best && best.d <= Math.max(2, Math.floor(best.name.length / 3))) return best.name;
  return affix ?? undefined;
}

/**
 * The arguments as the operation takes them: JSON text parsed, `null` for an optional value dropped (the same as
 * leaving it out), and every name checked against the schema: an unknown argument (at any depth the schema closes)
 * is a 422 naming it and the nearest valid name, before anything runs. `source` is where the REST twin would have
 * found it (`query` for a tool without a body, as an unknown query parameter is there).
 */
export function normalizeArguments(args: Record<string, unknown>, plan: Plan, tool: string, source: 'body' | 'query' = 'body'): Record<string, unknown> {
  const problems: ErrorDetail[] = [];
  const out = normalize(args, [plan], [], problems, tool) as Record<string, unknown>;
  if (problems.length) throw new ValidationError(problems.slice(0, 10), undefined, source);
  return out;
}

function normalize(value: unknown, plans: Plan[], loc: (string | number)[], problems: ErrorDetail[], tool: string): unknown {
  if (value === null || value === undefined || !plans.length) return value;
  // JSON text, unless the value may also be a plain string (`brief.image`: `asset:<id>` or `{src, focal_point}`).
  const scalar = plans.some((p) => !p.json && !p.object && !p.items);
  if (typeof value === 'string' && plans.some((p) => p.json) && (!scalar || /^\s*[[{]/.test(value))) {
    try {
      return JSON.parse(value);
    } catch (err) {
      problems.push({ loc, msg: `Not valid JSON text: ${(err as Error).message.slice(0, 120)}`, type: 'json_invalid' });
      return value;
    }
  }
  if (Array.isArray(value)) {
    const items = plans.flatMap((p) => p.items ?? []);
    return items.length ? value.map((v, i) => normalize(v, items, [...loc, i], problems, tool)) : value;
  }
  if (typeof value !== 'object') return value;
  const objects = plans.filter((p) => p.object).map((p) => p.object!);
  if (!objects.length) return value;
  const known = [...new Set(objects.flatMap((o) => Object.keys(o.props)))];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!known.includes(key)) {
      const near = nearestName(key, known);
      const where = loc.length ? `of ${loc.join('.')}` : `of ${tool}`;
      problems.push({
        loc: [...loc, key],
        msg: `Unknown argument \`${key}\` ${where}${near ? `: did you mean \`${near}\`?` : ''} (valid: ${known.slice(0, 40).join(', ')})`,
        type: 'extra_forbidden',
      });
      continue;
    }
    const having = objects.filter((o) => key in o.props);
    if (v === null && having.every((o) => o.optional.has(key))) continue;
    out[key] = normalize(
      v,
      having.flatMap((o) => o.props[key]),
      [...loc, key],
      problems,
      tool,
    );
  }
  return out;
}

/** The node properties add_node's `node` lists (the rest go in `more`). */
const NODE_PROPERTIES = [
  'type',
  'id',
  'name',
  'x',
  'y',
  'width',
  'height',
  'rotation',
  'opacity',
  'visible',
  'text',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'color',
  'textAlign',
  'lineHeight',
  'src',
  'fit',
  'cornerRadius',
  'fills',
  'strokes',
  'layoutMode',
  'itemSpacing',
  'children',
];

/**
 * One node of the Creative IR, inline and shallow (what add_node's `node` is): every property any node type has, a
 * scalar typed (enum, number, string, boolean), anything deeper (fills, strokes, children, layout objects) JSON text.
 * `irSchema` is the library's JSON Schema (`irJsonSchema()`); its node types are the items of the root's `children`.
 */
export function shallowNodeSchema(irSchema: Json, description: string): Converted {
  const at = (pointer: string): Json =>
    pointer
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce((o: Json, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], irSchema);
  const deref = (s: Json): Json => {
    for (let i = 0; i < 16 && typeof s?.$ref === 'string'; i++) s = at(s.$ref);
    return s ?? {};
  };
  const ir = deref(irSchema);
  const root = deref(ir.properties.root);
  const children = deref(root.properties.children.items);
  const variants: Json[] = (children.anyOf ?? [children]).map(deref);
  const kinds: string[] = [];
  const props = new Map<string, Json>();
  for (const v of variants) {
    const kind = deref(v.properties?.type);
    kinds.push(...(kind.enum ?? (kind.const !== undefined ? [kind.const] : [])));
    for (const [k, p] of Object.entries<Json>(v.properties ?? {})) if (!props.has(k)) props.set(k, deref(p));
  }
  const properties: Record<string, Json> = {};
  const plans: Record<string, Plan[]> = {};
  const optional = new Set<string>();
  for (const [k, p] of props) {
    if (!NODE_PROPERTIES.includes(k)) continue;
    if (k === 'type') {
      properties.type = { type: 'string', enum: [...new Set(kinds)] };
      plans.type = [{}];
      continue;
    }
    optional.add(k);
    const scalarTypes = (s: Json): string[] | null => {
      const d = deref(s);
      if (Array.isArray(d.anyOf)) {
        const all = d.anyOf.map(scalarTypes);
        return all.every(Boolean) ? [...new Set(all.flat() as string[])] : null;
      }
      const t = typesOf(d);
      if (!t.length && d.enum) return [typeof d.enum[0] === 'number' ? 'number' : 'string'];
      return t.length && t.every((x) => ['string', 'number', 'integer', 'boolean'].includes(x)) ? t : null;
    };
    const t = scalarTypes(p);
    if (t && t.length === 1) {
      const schema: Json = { type: [t[0], 'null'] };
      if (Array.isArray(p.enum)) schema.enum = [...p.enum, null];
      for (const kw of ['minimum', 'maximum']) if (typeof p[kw] === 'number') schema[kw] = p[kw];
      if (p.description && p.description.length < 80) schema.description = p.description;
      properties[k] = schema;
      plans[k] = [{}];
    } else if (t) {
      properties[k] = { anyOf: [...t.map((x) => ({ type: x })), { type: 'null' }] };
      plans[k] = [{}];
    } else {
      properties[k] = { type: ['string', 'null'], description: 'JSON text' };
      plans[k] = [{ json: true }];
    }
  }
  properties.more = {
    type: ['string', 'null'],
    description: `Any other properties of the node (${[...props.keys()].filter((k) => !NODE_PROPERTIES.includes(k)).join(', ')}) as a JSON object in JSON text`,
  };
  plans.more = [{ json: true }];
  optional.add('more');
  return {
    schema: { type: 'object', description, properties, required: Object.keys(properties), additionalProperties: false },
    plans: [{ object: { props: plans, optional } }],
  };
}
