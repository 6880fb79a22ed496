import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 schemas read the way strict validators read them (3.0.3): `nullable` only adds null to a
 * `type` given beside it (not to an `allOf`/`$ref` beside it), and `enum` is checked on its own, so a
 * nullable enum must list null. The contract check of the e2e tests is lenient on both; this is not.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (['nullable', 'example', 'examples', 'discriminator', 'xml', 'externalDocs', 'deprecated'].includes(k)) continue;
    if (k === '$ref' && typeof v === 'string') out.$ref = v.replace('#/components/schemas/', 'openapi#/definitions/');
    else if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, strict(s)]));
    else out[k] = strict(v);
  }
  const s = schema as Json;
  if (s.nullable === true && typeof s.type === 'string') out.type = [s.type, 'null'];
  return out;
}

describe('the messaging OpenAPI document under a strict OpenAPI 3.0 reading', () => {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as { components: { schemas: Record<string, Json> } };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', definitions: Object.fromEntries(Object.entries(doc.components.schemas).map(([k, v]) => [k, strict(v)])) });
  const validate = ajv.compile({ $ref: 'openapi#/definitions/SendMessageResultDto' });

  const message = {
    id: 'msg_01',
    conversation_id: 'cnv_01',
    role: 'user',
    content: 'Hi',
    attachments: [],
    reply_status: 'pending',
    reply_error: null,
    reply_to_id: null,
    provider: null,
    model: null,
    delivery_status: null,
    edited_at: null,
    created_at: '2026-11-21T12:00:00.000Z',
  };

  it('accepts `reply: null` (a pending reply) and a reply message', () => {
    const pending = { message, reply: null, reply_status: 'pending' };
    expect(validate(pending) ? [] : validate.errors).toEqual([]);
    const answered = {
      message: { ...message, reply_status: 'completed' },
      reply: { ...message, role: 'assistant', reply_status: null },
      reply_status: 'completed',
    };
    expect(validate(answered) ? [] : validate.errors).toEqual([]);
    expect(validate({ message, reply: 'nope', reply_status: 'pending' })).toBe(false);
  });

  it('has no nullable beside a reference and no nullable enum without null', () => {
    const problems: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
      if (!node || typeof node !== 'object') return;
      const s = node as Json;
      if (s.nullable === true && (s.$ref || s.allOf || s.anyOf || (s.oneOf && s.type === undefined))) problems.push(`${path}: nullable beside a reference`);
      if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) problems.push(`${path}: nullable enum without null`);
      for (const [k, v] of Object.entries(s)) walk(v, `${path}/${k}`);
    };
    walk(doc, '');
    expect(problems).toEqual([]);
  });
});
