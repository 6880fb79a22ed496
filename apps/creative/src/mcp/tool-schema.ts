import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiToJsonSchema } from '@platform/http';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas of the OpenAPI document are untyped JSON */
type Json = any;

const COMPONENT = /^#\/components\/schemas\//;
/** OpenAPI-only keywords that mean nothing to a JSON Schema validator (examples stay out: they bloat the tool list). */
const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'readOnly', 'writeOnly', 'deprecated']);

/** An OpenAPI 3.0 schema as JSON Schema (2020-12, what MCP tool input schemas are), component references into `$defs`. */
export function jsonSchemaOf(schema: Json, refs: Set<string>): Json {
  return openApiToJsonSchema(schema, { refPrefix: '#/$defs/', drop: DROPPED, onRef: (name) => refs.add(name) });
}

/** Where each argument of a tool goes in the REST operation it stands for. */
export interface ArgumentPlaces {
  path: string[];
  query: string[];
  /** Arguments sent as request headers: the argument (`if_match`) and the header (`if-match`). */
  header: { arg: string; header: string }[];
  /** Arguments that make up the JSON body (every other argument). */
  body: boolean;
}

export interface OperationInput {
  inputSchema: { type: 'object'; properties: Record<string, Json>; required?: string[]; $defs?: Record<string, Json>; additionalProperties?: boolean };
  places: ArgumentPlaces;
  summary: string;
  description: string;
}

/**
 * The input of an operation of the service's own OpenAPI document (generated from the DTO classes) as one
 * flat tool input: path, query and documented header parameters (`If-Match` as `if_match`) and the JSON
 * body's properties side by side. A body that is not an object of known properties (a `$ref` to a library
 * schema, e.g. the brief) is resolved first.
 */
export function operationInput(doc: OpenAPIObject, operationId: string, extra?: { properties: Record<string, Json>; required?: string[] }): OperationInput {
  const found = findOperation(doc, operationId);
  if (!found) throw new Error(`MCP: no operation ${operationId} in the OpenAPI document`);
  const op = found.op;
  const refs = new Set<string>();
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const places: ArgumentPlaces = { path: [], query: [], header: [], body: false };
  for (const p of (op.parameters ?? []) as Json[]) {
    // A header the operation documents (If-Match) is an argument in snake case (`if_match`); Idempotency-Key is
    // the body's `idempotency_key` already.
    const header = String(p.name).toLowerCase();
    if (p.in === 'header' && header !== 'idempotency-key') {
      const arg = header.replace(/-/g, '_');
      properties[arg] = {
        ...jsonSchemaOf(p.schema ?? { type: 'string' }, refs),
        ...(p.description ? { description: `The \`${p.name}\` header: ${p.description}` } : {}),
      };
      if (p.required) required.push(arg);
      places.header.push({ arg, header });
      continue;
    }
    if (p.in !== 'path' && p.in !== 'query') continue;
    // A controller-wide @ApiParam also lands on its operations without that segment.
    if (p.in === 'path' && !found.path.includes(`{${p.name}}`)) continue;
    properties[p.name] = { ...jsonSchemaOf(p.schema ?? { type: 'string' }, refs), ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.push(p.name);
    places[p.in as 'path' | 'query'].push(p.name);
  }
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  let additionalProperties = false;
  if (bodySchema) {
    places.body = true;
    let schema = bodySchema;
    for (let i = 0; i < 8 && schema?.$ref; i++) schema = doc.components?.schemas?.[schema.$ref.replace(COMPONENT, '')];
    for (const [name, prop] of Object.entries<Json>(schema?.properties ?? {})) {
      if (name in properties) throw new Error(`MCP: ${operationId} has a parameter and a body field both named ${name}`);
      properties[name] = jsonSchemaOf(prop, refs);
    }
    // With `extra` (the upload tools' own arguments) what is required is said by `extra`.
    if (op.requestBody.required !== false && !extra) required.push(...((schema?.required as string[]) ?? []));
    // The REST bodies accept properties beyond those listed (the spec says so): so do the tools.
    additionalProperties = schema?.additionalProperties !== false;
  }
  if (extra) {
    for (const [name, prop] of Object.entries(extra.properties)) properties[name] = prop;
    required.push(...(extra.required ?? []));
  }
  const $defs = collectDefs(doc, refs);
  return {
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length ? { required: [...new Set(required)] } : {}),
      ...(additionalProperties ? {} : { additionalProperties: false }),
      ...(Object.keys($defs).length ? { $defs } : {}),
    },
    places,
    summary: op.summary ?? '',
    description: op.description ?? '',
  };
}

export function findOperation(doc: OpenAPIObject, operationId: string): { method: string; path: string; op: Json } | undefined {
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (op && typeof op === 'object' && op.operationId === operationId) return { method, path, op };
    }
  }
  return undefined;
}

/** The components `refs` names, and every component they reference in turn, as `$defs`. */
function collectDefs(doc: OpenAPIObject, refs: Set<string>): Record<string, Json> {
  const defs: Record<string, Json> = {};
  const queue = [...refs];
  while (queue.length) {
    const name = queue.pop()!;
    if (name in defs) continue;
    const found = new Set<string>();
    defs[name] = jsonSchemaOf(doc.components?.schemas?.[name] ?? {}, found);
    for (const f of found) if (!(f in defs)) queue.push(f);
  }
  return defs;
}
