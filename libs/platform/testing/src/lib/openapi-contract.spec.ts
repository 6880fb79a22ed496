import { ObservedResponse, OpenApiContract, toJsonSchema } from './openapi-contract';

const json = { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } };
const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } } };

const doc = {
  openapi: '3.0.0',
  paths: {
    '/v1/things': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/List' } } } } } } },
    '/v1/things/{id}': {
      get: { responses: { '200': { description: 'ok', content: json }, '404': { $ref: '#/components/responses/NotFound' } } },
      delete: { responses: { default: { description: 'any error', ...error }, '204': { description: 'gone' } } },
    },
    '/v1/things/search': {
      get: { responses: { '200': { description: 'literal beats template', content: { 'text/plain': { schema: { type: 'string' } } } } } },
    },
  },
  components: {
    responses: { NotFound: { description: 'not found', ...error } },
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'owner'],
        properties: {
          id: { type: 'string', example: 'thg_1' },
          size: { type: 'integer', nullable: true },
          kind: { type: 'string', enum: ['a', 'b'], nullable: true },
          owner: { nullable: true, allOf: [{ $ref: '#/components/schemas/Owner' }] },
          tags: { type: 'object', additionalProperties: true },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
      Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      List: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
      ErrorDto: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    },
  },
};

const contract = new OpenApiContract(doc, 'test.json', [{ path: '/pages/**', reason: 'HTML' }]);

function res(method: string, url: string, status: number, body?: unknown, type = 'application/json'): ObservedResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { method, url, status, headers: { 'content-type': `${type}; charset=utf-8` }, text, hasBody: text.length > 0 };
}

describe('OpenApiContract', () => {
  const thing = { id: 'thg_1', size: null, kind: null, owner: null, tags: { any: { thing: 1 } }, created_at: '2026-11-21T12:00:00.000Z' };

  it('accepts what the document declares: nullable scalars, enums and refs, free-form maps', () => {
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, thing))).toBeNull();
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, { ...thing, size: 3, kind: 'a', owner: { name: 'Ana' } }))).toBeNull();
    expect(contract.check(res('GET', '/v1/things?limit=2', 200, { data: [thing] }))).toBeNull();
    expect(contract.check(res('GET', '/v1/things/search', 200, 'found', 'text/plain'))).toBeNull();
  });

  it('treats an object with properties and no additionalProperties as closed', () => {
    const problem = contract.check(res('GET', '/v1/things/thg_1', 200, { ...thing, secret: 'x' }));
    expect(problem).toContain('GET /v1/things/thg_1 answered 200');
    expect(problem).toContain('must NOT have additional properties: "secret"');
    expect(contract.check(res('GET', '/v1/things', 200, { data: [{ ...thing, owner: { name: 'Ana', extra: 1 } }] }))).toContain('/data/0/owner');
  });

  it('names a wrong type, a missing field, a bad format and a value outside an enum', () => {
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, { ...thing, size: 1.5 }))).toContain('/size must be integer');
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, { id: 'x' }))).toContain("must have required property 'owner'");
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, { ...thing, created_at: 'yesterday' }))).toContain('/created_at must match format "date-time"');
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, { ...thing, kind: 'c' }))).toContain('/kind must be equal to one of the allowed values');
  });

  it('refuses a status the operation does not declare, and uses `default` and response refs', () => {
    const problem = contract.check(res('GET', '/v1/things/thg_1', 409, { error: 'conflict' }));
    expect(problem).toContain('GET /v1/things/thg_1 answered 409, a status test.json does not declare for GET /v1/things/{id} (declared: 200, 404)');
    expect(contract.check(res('GET', '/v1/things/thg_1', 404, { error: 'not_found' }))).toBeNull();
    expect(contract.check(res('GET', '/v1/things/thg_1', 404, { message: 'nope' }))).toContain("must have required property 'error'");
    expect(contract.check(res('DELETE', '/v1/things/thg_1', 409, { error: 'conflict' }))).toBeNull();
    expect(contract.check(res('DELETE', '/v1/things/thg_1', 204))).toBeNull();
  });

  it('checks content types and bodies that are not there or not declared', () => {
    expect(contract.check(res('GET', '/v1/things/search', 200, { x: 1 }))).toContain('Content-Type application/json, where test.json declares text/plain');
    expect(contract.check(res('GET', '/v1/things/thg_1', 200))).toContain('empty body');
    expect(contract.check(res('GET', '/v1/things/thg_1', 200, '{"id":', 'application/json'))).toContain('not JSON');
  });

  it('matches literal paths before templates, and HEAD as GET without a body', () => {
    expect(contract.find('GET', '/v1/things/search')?.template).toBe('/v1/things/search');
    expect(contract.find('GET', '/v1/things/other')?.template).toBe('/v1/things/{id}');
    expect(contract.check({ ...res('HEAD', '/v1/things/thg_1', 200), hasBody: false })).toBeNull();
  });

  it('wants unknown routes to answer a 4xx in the error envelope, and skips the listed undocumented ones', () => {
    expect(contract.check(res('GET', '/v1/nothing', 404, { error: 'not_found' }))).toBeNull();
    expect(contract.check(res('PATCH', '/v1/things/thg_1', 404, { error: 'not_found' }))).toBeNull();
    expect(contract.check(res('GET', '/v1/nothing', 404, { message: 'x' }))).toContain('unknown route');
    expect(contract.check(res('GET', '/v1/nothing', 200, { ok: true }))).toContain('has no operation for it');
    expect(contract.check(res('GET', '/pages/en/login', 200, '<html>', 'text/html'))).toBeNull();
    expect(contract.check(res('GET', '/docs', 200, '<html>', 'text/html'))).toBeNull();
  });
});

describe('toJsonSchema', () => {
  it('turns nullable into a null type, closes objects with properties and drops annotations', () => {
    expect(toJsonSchema({ type: 'string', nullable: true, example: 'x', 'x-internal': true })).toEqual({ type: ['string', 'null'] });
    expect(toJsonSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    });
    expect(toJsonSchema({ type: 'object', additionalProperties: true })).toEqual({ type: 'object', additionalProperties: true });
    expect(toJsonSchema({ $ref: '#/components/schemas/A', nullable: true })).toEqual({ anyOf: [{ $ref: 'openapi#/definitions/A' }, { type: 'null' }] });
  });

  it("turns OpenAPI 3.0's boolean exclusive bounds into draft-07's numeric ones", () => {
    expect(toJsonSchema({ type: 'number', minimum: 0, exclusiveMinimum: true })).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(toJsonSchema({ type: 'number', maximum: 1, exclusiveMaximum: true, minimum: 0 })).toEqual({ type: 'number', exclusiveMaximum: 1, minimum: 0 });
    expect(toJsonSchema({ type: 'number', minimum: 0, exclusiveMinimum: false })).toEqual({ type: 'number', minimum: 0 });
    const contract = new OpenApiContract({
      openapi: '3.0.0',
      paths: {},
      components: { schemas: { Size: { type: 'object', properties: { w: { type: 'number', minimum: 0, exclusiveMinimum: true } } } } },
    });
    expect(contract.document.components.schemas.Size).toBeDefined();
  });
});
