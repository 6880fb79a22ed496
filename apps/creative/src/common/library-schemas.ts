import type { OpenAPIObject } from '@nestjs/swagger';
import { briefJsonSchema, irJsonSchema } from '@platform/creative-ir';

/** Where the library's JSON Schemas live in the OpenAPI document (see `withLibrarySchemas`). */
export const IR_SCHEMA_REF = '#/components/schemas/CreativeIr';
export const BRIEF_SCHEMA_REF = '#/components/schemas/CreativeBrief';

type Json = Record<string, unknown>;

/**
 * Tuples (`items: [a, b, c, d]`, e.g. a path's `viewBox`, a line's points) are JSON Schema but not
 * OpenAPI 3.0, whose `items` is one schema: written as an array of exactly that many items, each one
 * of the tuple's schemas. References into a tuple's items (`…/items/1`) are moved with them.
 */
function openApi30(root: Json, base: string): Json {
  const moved = new Map<string, string>();
  const walk = (node: unknown, path: string): unknown => {
    if (Array.isArray(node)) return node.map((v, i) => walk(v, `${path}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const out: Json = Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, walk(v, `${path}/${k}`)]));
    // `nullable` only means something beside a `type` (OpenAPI 3.0.3): zod's `.nullable()` of a union puts it beside
    // the `anyOf` instead, where it would be ignored. Each alternative takes it (the same values: X, Y or null).
    const alternatives = out.anyOf as Json[] | undefined;
    if (out.nullable === true && out.type === undefined && Array.isArray(alternatives) && alternatives.every((a) => typeof a.type === 'string')) {
      out.anyOf = alternatives.map((a) => ({ ...a, nullable: true }));
      delete out.nullable;
    }
    if (Array.isArray(out.items)) {
      const raw = out.items as Json[];
      // An item that only points at an earlier item of the same tuple is that item.
      const items = raw.map((item) => {
        const ref = typeof item.$ref === 'string' ? /\/items\/(\d+)$/.exec(item.$ref) : null;
        return ref && item.$ref === `${path}/items/${ref[1]}` ? raw[Number(ref[1])] : item;
      });
      const keys = items.map((i) => JSON.stringify(i));
      const distinct = [...new Set(keys)];
      out.items = distinct.length === 1 ? items[0] : { anyOf: distinct.map((k) => JSON.parse(k)) };
      keys.forEach((k, i) => moved.set(`${path}/items/${i}`, distinct.length === 1 ? `${path}/items` : `${path}/items/anyOf/${distinct.indexOf(k)}`));
      out.minItems ??= items.length;
      out.maxItems ??= items.length;
    }
    return out;
  };
  const out = walk(root, base) as Json;
  if (!moved.size) return out;
  const json = JSON.stringify(out).replace(/"\$ref":"([^"]+)"/g, (m, ref: string) => {
    for (const [from, to] of moved) if (ref === from || ref.startsWith(`${from}/`)) return `"$ref":"${to}${ref.slice(from.length)}"`;
    return m;
  });
  return JSON.parse(json);
}

/** A library schema (`{ $ref: '#/definitions/Name', definitions }`) as components, its references rewritten. */
function components(schema: Json): Json {
  const json = JSON.stringify((schema as { definitions: Json }).definitions);
  return openApi30(JSON.parse(json.replaceAll('"#/definitions/', '"#/components/schemas/')), '#/components/schemas');
}

/**
 * Adds the Creative IR and the brief, as the library defines them (`irJsonSchema('openApi3')`,
 * `briefJsonSchema('openApi3')`), to the document's components, where DTOs reference them.
 */
export function withLibrarySchemas(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ...components(irJsonSchema('openApi3')), ...components(briefJsonSchema('openApi3')) } as never;
  return doc;
}
