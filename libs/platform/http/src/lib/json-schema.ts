/* eslint-disable @typescript-eslint/no-explicit-any -- schemas of an OpenAPI document are untyped JSON */
type Json = any;

const COMPONENT = /^#\/components\/schemas\//;

export interface JsonSchemaOptions {
  /** What `#/components/schemas/` becomes in references (`#/$defs/` for MCP tools, `openapi#/definitions/` for ajv). */
  refPrefix: string;
  /** Keywords left out besides `nullable` and `x-` extensions (OpenAPI-only annotations). */
  drop: ReadonlySet<string>;
  /** Close objects that list `properties` and say nothing of `additionalProperties` (contract tests). */
  closeObjects?: boolean;
  /** Told the component name of each reference met (to collect the definitions a schema needs). */
  onRef?: (name: string) => void;
}

/**
 * An OpenAPI 3.0 schema as JSON Schema (draft-07 and later): `nullable` becomes a `null` type (or an `anyOf` with null
 * for composed schemas and references), component references are re-pointed, boolean `exclusiveMinimum` /
 * `exclusiveMaximum` take their bound, `x-` extensions and the `drop` keywords are left out.
 */
export function openApiToJsonSchema(schema: Json, o: JsonSchemaOptions): Json {
  if (Array.isArray(schema)) return schema.map((s) => openApiToJsonSchema(s, o));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    o.onRef?.(schema.$ref.replace(COMPONENT, '').split('/')[0]);
    const ref = { $ref: schema.$ref.replace(COMPONENT, o.refPrefix) };
    return schema.nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(schema)) {
    if (o.drop.has(key) || key === 'nullable' || key.startsWith('x-')) continue;
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries<Json>(value).map(([k, v]) => [k, openApiToJsonSchema(v, o)]));
    else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key) && typeof value === 'object')
      out[key] = openApiToJsonSchema(value, o);
    else out[key] = value;
  }
  if (o.closeObjects && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // OpenAPI 3.0 (like draft-04) says `exclusiveMinimum: true` beside `minimum`; draft-07 takes the bound itself.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  if (schema.nullable) {
    // `nullable` with `allOf: [{$ref}]` is how OpenAPI 3.0 says "this object or null": null skips the subschemas.
    if (typeof out.type === 'string' && !out.allOf && !out.anyOf && !out.oneOf) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
