import type { BaseConfig } from '@platform/config';
import type { ServiceDefinition } from '@platform/http';
import { request as httpRequest } from 'node:http';
import { deepJson } from './json-bodies';
import { OpenApiContract } from './openapi-contract';
import { createTestApp, TestApp } from './test-app';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas of the OpenAPI document are untyped JSON */
type Json = any;

/** What a service's malformed-input spec provides once its test app runs. */
export interface MalformedInputSetup {
  /** Headers with a valid credential (full access), sent with nearly every case. */
  credentials: Record<string, string>;
  /**
   * Real values of path parameters per path template (`/v1/agents/{id}`: `{ id: 'agt_…' }`), so that
   * bodies and query strings reach the handlers of existing resources. Unlisted parameters get `x`.
   */
  pathValues?: Record<string, Record<string, string>>;
  /** A valid body per operation (`'POST /v1/channels'`), where the document's examples do not make a usable one. */
  validBodies?: Record<string, Record<string, unknown>>;
}

export interface MalformedInputOptions<C extends BaseConfig> {
  /** Extra environment for the test app (the rate limit is lifted: every case sends a request). */
  env?: Record<string, string>;
  setup(t: TestApp<C>): Promise<MalformedInputSetup>;
}

/** One malformed request. */
export interface MalformedCase {
  name: string;
  method: string;
  /** Raw path and query, sent as is (no normalisation of `..` or percent-escapes). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The status this case must get, where the platform promises one (413 over `BODY_LIMIT`, 422 too deep). */
  expectStatus?: number;
}

interface Operation {
  method: string;
  template: string;
  op: Json;
}

/** A property name no real object has: set on Object.prototype only if a `__proto__` key leaks. */
export const POLLUTION_MARKER = 'pollutedByMalformedInput';

const LONG = 5000;
/** Stands for raw JSON text spliced into a serialized body. */
const RAW = 'RAW-JSON-9f3c1e';
/** Path parameter values: very long, NUL, invalid percent-escapes, unicode, dot segments, an encoded slash, quotes. */
const BAD_PATH_VALUES: [string, string][] = [
  [`${LONG} characters`, 'x'.repeat(LONG)],
  ['NUL', '%00'],
  ['NUL inside', 'abc%00def'],
  ['invalid percent-escape', '%E0%A4%A'],
  ['invalid UTF-8', '%FF%FE'],
  ['unicode', '%F0%9F%99%82%C3%BC'],
  ['dot', '.'],
  ['dot-dot', '..'],
  ['encoded dot-dot', '%2e%2e'],
  ['encoded slash', 'a%2Fb'],
  ['quotes and SQL', '%27%3B%20DROP%20TABLE%20x%3B%20--'],
  ['spaces', '%20%20'],
];
/** Query values: wrong types, negative, huge, not finite, empty, NUL, invalid escapes, unicode, very long. */
const BAD_QUERY_VALUES: [string, string][] = [
  ['text', 'abc'],
  ['fraction', '1.5'],
  ['negative', '-1'],
  ['huge', '99999999999999999999999'],
  ['not finite', '1e309'],
  ['empty', ''],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['invalid UTF-8', '%FF'],
  ['unicode', '%F0%9F%99%82'],
  [`${LONG} characters`, 'x'.repeat(LONG)],
];
/** One value of each JSON type; a field gets those its declared type does not allow. */
const TYPED_VALUES: [string, unknown][] = [
  ['string', 'text'],
  ['integer', 12345],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', [1, 'two']],
  ['object', { nested: { value: 1 } }],
];

function bytesOf(limit: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!m) throw new Error(`Unexpected BODY_LIMIT ${limit}`);
  return Number(m[1]) * { b: 1, kb: 1024, mb: 1024 * 1024 }[m[2].toLowerCase() as 'b' | 'kb' | 'mb'];
}

function resolve(contract: OpenApiContract, schema: Json): Json {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (typeof s.$ref === 'string') s = contract.document.components?.schemas?.[s.$ref.split('/').pop()];
    else if (Array.isArray(s.allOf) && s.allOf.length === 1) s = s.allOf[0];
    else if (Array.isArray(s.oneOf) && s.oneOf.length) s = s.oneOf[0];
    else break;
  }
  return s ?? {};
}

/** A plausible value for a schema: its example, default or first enum value, else one of its type. */
function sample(contract: OpenApiContract, schema: Json): unknown {
  const s = resolve(contract, schema);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries<Json>(s.properties ?? {})
          .filter(([k]) => s.required?.includes(k))
          .map(([k, v]) => [k, sample(contract, v)]),
      );
    default:
      return 'x';
  }
}

const typeAllows = (schema: Json, kind: string): boolean => {
  const type = schema.type;
  if (schema.nullable && kind === 'null') return true;
  if (!type) return kind !== 'null' || !!schema.nullable;
  if (type === 'number') return kind === 'number' || kind === 'integer';
  return type === kind;
};

function fillPath(template: string, values: Record<string, string> = {}, override?: [string, string]): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => (override && override[0] === name ? override[1] : encodeURIComponent(values[name] ?? 'x')));
}

const MULTIPART_BOUNDARY = 'malformed-input-boundary';
const multipart = (fields: Record<string, unknown>) =>
  Buffer.from(
    `${Object.entries(fields)
      .map(([k, v]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`)
      .join('')}--${MULTIPART_BOUNDARY}--\r\n`,
  );
const formOf = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

/**
 * The malformed requests for one operation of `contract`: bad path ids, bad query values, empty,
 * broken, mistyped, oversized and deep bodies, NUL characters, `__proto__`/`constructor` keys, lying
 * content types, and credentials missing or wrong.
 */
/**
 * `selfParsedJsonPaths`: routes that read their JSON body themselves with a limit of their own (ServiceDefinition), which
 * get no "larger than BODY_LIMIT" case: their own tests cover their limit.
 */
export function malformedCases(
  contract: OpenApiContract,
  operation: Operation,
  setup: MalformedInputSetup,
  config: BaseConfig,
  selfParsedJsonPaths: string[] = [],
): MalformedCase[] {
  const { method, template, op } = operation;
  const M = method.toUpperCase();
  const values = setup.pathValues?.[template] ?? {};
  const path = fillPath(template, values);
  const params: Json[] = op.parameters ?? [];
  const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
  const credentials = authenticated ? setup.credentials : {};
  const cases: MalformedCase[] = [];
  const add = (name: string, c: Omit<Partial<MalformedCase>, 'body'> & { body?: Buffer | string; type?: string }) => {
    const headers = { ...credentials, ...(c.headers ?? {}) };
    if (c.type) headers['Content-Type'] = c.type;
    const body = typeof c.body === 'string' ? Buffer.from(c.body) : c.body;
    cases.push({ name, method: M, path: c.path ?? path, headers, body, expectStatus: c.expectStatus });
  };

  for (const param of params.filter((p) => p.in === 'path')) {
    for (const [label, value] of BAD_PATH_VALUES) add(`path ${param.name}: ${label}`, { path: fillPath(template, values, [param.name, value]) });
  }
  for (const param of params.filter((p) => p.in === 'query')) {
    const name = encodeURIComponent(param.name);
    for (const [label, value] of BAD_QUERY_VALUES) add(`query ${param.name}: ${label}`, { path: `${path}?${name}=${value}` });
    add(`query ${param.name}: repeated (array)`, { path: `${path}?${name}=1&${name}=2` });
    add(`query ${param.name}: bracket array`, { path: `${path}?${name}[]=1&${name}[x]=2` });
  }

  if (authenticated) {
    add('credential: none', { headers: Object.fromEntries(Object.keys(setup.credentials).map((k) => [k, ''])) });
    add('credential: wrong', { headers: { Authorization: 'Bearer wrong_live_0000000000000000000000000000000000000000', 'x-api-key': 'wrong' } });
    add('credential: empty Bearer', { headers: { Authorization: 'Bearer ', 'x-api-key': '' } });
  }

  const content: Record<string, Json> = op.requestBody?.content ?? {};
  const declared = Object.keys(content);
  if (!declared.length) {
    // An operation without a body still gets bodies a client might send by mistake; none reaches the handler.
    add('unexpected body: broken JSON', { type: 'application/json', body: '{"a":' });
    add('unexpected body: too deep', { type: 'application/json', body: deepJson(config.bodyMaxDepth + 1) });
    return cases;
  }
  const media = declared[0];
  const schema = resolve(contract, content[media].schema ?? {});
  const valid: Record<string, unknown> = setup.validBodies?.[`${M} ${template}`] ?? (sample(contract, schema) as Record<string, unknown>) ?? {};
  const properties: Record<string, Json> = schema.properties ?? {};
  const limit = bytesOf(config.bodyLimit);

  if (media === 'application/json') {
    const json = (name: string, body: string, type = 'application/json', expectStatus?: number) => add(`body: ${name}`, { type, body, expectStatus });
    json('empty', '');
    json('broken JSON', '{"name": ');
    json('only whitespace', '   ');
    json('trailing garbage', `${JSON.stringify(valid)} trailing`);
    for (const [label, value] of [
      ['array', '[]'],
      ['string', '"text"'],
      ['number', '42'],
      ['null', 'null'],
      ['boolean', 'true'],
      ['array of the valid body', `[${JSON.stringify(valid)}]`],
    ]) {
      json(`${label} instead of an object`, value);
    }
    // `raw` JSON text in place of a field's value (what JSON.stringify cannot write: a lone surrogate, a `__proto__` key).
    const withRaw = (field: string, raw: string) => JSON.stringify({ ...valid, [field]: RAW }).replace(`"${RAW}"`, raw);
    for (const [field, fieldSchema] of Object.entries(properties)) {
      const resolved = resolve(contract, fieldSchema);
      const s = { ...resolved, nullable: fieldSchema.nullable ?? resolved.nullable };
      for (const [kind, value] of TYPED_VALUES) {
        if (!typeAllows(s, kind)) json(`${field} = ${kind}`, JSON.stringify({ ...valid, [field]: value }));
      }
      if (s.type === 'string') {
        json(`${field} with NUL`, JSON.stringify({ ...valid, [field]: 'before\u0000after' }));
        json(`${field} with a lone surrogate`, withRaw(field, '"before\\ud800after"'));
        json(`${field} of ${LONG * 20} characters`, JSON.stringify({ ...valid, [field]: 'y'.repeat(LONG * 20) }));
      }
      if (s.type === 'array') json(`${field} with 10,000 items`, JSON.stringify({ ...valid, [field]: Array.from({ length: 10_000 }, () => 'z') }));
      if (s.type === 'object') json(`${field} with a __proto__ key`, withRaw(field, `{"__proto__": {"${POLLUTION_MARKER}": true}}`));
    }
    json('NUL in a key', JSON.stringify({ ...valid, 'key\u0000': 'x' }));
    if (!selfParsedJsonPaths.includes(template))
      json(`larger than BODY_LIMIT (${config.bodyLimit})`, JSON.stringify({ ...valid, padding: 'p'.repeat(limit + 16) }), 'application/json', 413);
    json(
      `nested ${config.bodyMaxDepth + 1} levels`,
      JSON.stringify({ ...valid, nested: RAW }).replace(`"${RAW}"`, deepJson(config.bodyMaxDepth)),
      'application/json',
      422,
    );
    json('nested 10,000 levels', JSON.stringify({ ...valid, nested: RAW }).replace(`"${RAW}"`, deepJson(10_000)), 'application/json', 422);
    json('__proto__ key', withRaw('__proto__', `{"${POLLUTION_MARKER}": true}`));
    json('constructor.prototype key', JSON.stringify({ ...valid, constructor: { prototype: { [POLLUTION_MARKER]: true } } }));
    json('JSON sent as text/plain', JSON.stringify(valid), 'text/plain');
    json('JSON without a content type', JSON.stringify(valid), '');
    json('form fields sent as application/json', formOf(valid), 'application/json');
    json('JSON sent as a form', JSON.stringify(valid), 'application/x-www-form-urlencoded');
    json('form fields sent as a form', formOf(valid), 'application/x-www-form-urlencoded');
    add('body: multipart where JSON is expected', { type: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: multipart(valid) });
    json('JSON in another charset', JSON.stringify(valid), 'application/json; charset=utf-16le');
    json('unknown charset', JSON.stringify(valid), 'application/json; charset=klingon');
    add('body: gzip that is not gzip', { type: 'application/json', headers: { 'Content-Encoding': 'gzip' }, body: JSON.stringify(valid) });
    add('body: unknown content encoding', { type: 'application/json', headers: { 'Content-Encoding': 'br2' }, body: JSON.stringify(valid) });
  } else if (media === 'application/x-www-form-urlencoded') {
    const form = (name: string, body: string, type = 'application/x-www-form-urlencoded', expectStatus?: number) =>
      add(`form: ${name}`, { type, body, expectStatus });
    form('empty', '');
    form('broken escapes', 'a=%E0%A4%A&b=%');
    for (const field of Object.keys(properties)) {
      form(`${field} with NUL`, formOf({ ...valid, [field]: 'before\u0000after' }));
      form(`${field} repeated`, `${formOf(valid)}&${encodeURIComponent(field)}=1&${encodeURIComponent(field)}=2`);
      form(`${field} of ${LONG * 10} characters`, formOf({ ...valid, [field]: 'y'.repeat(LONG * 10) }));
    }
    form('__proto__ key', `${formOf(valid)}&__proto__[${POLLUTION_MARKER}]=1&constructor[prototype][${POLLUTION_MARKER}]=1`);
    form(`larger than BODY_LIMIT (${config.bodyLimit})`, `${formOf(valid)}&padding=${'p'.repeat(limit + 16)}`, undefined, 413);
    form('fields sent as JSON', JSON.stringify(valid), 'application/json');
    form('fields sent as text/plain', formOf(valid), 'text/plain');
    add('form: multipart where a form is expected', { type: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: multipart(valid) });
  } else {
    // multipart/form-data and other media: what a client might send instead.
    add(`${media}: JSON instead`, { type: 'application/json', body: JSON.stringify(valid) });
    add(`${media}: form instead`, { type: 'application/x-www-form-urlencoded', body: formOf(valid) });
    add(`${media}: empty`, { type: media.startsWith('multipart/') ? `${media}; boundary=${MULTIPART_BOUNDARY}` : media, body: '' });
    add(`${media}: broken`, {
      type: media.startsWith('multipart/') ? `${media}; boundary=${MULTIPART_BOUNDARY}` : media,
      body: `--${MULTIPART_BOUNDARY}\r\nbroken`,
    });
    add(`${media}: without a boundary`, { type: media, body: multipart(valid) });
  }
  return cases;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Sends one request exactly as given (no URL normalisation), on a new connection. */
function send(base: string, c: MalformedCase, timeoutMs = 30_000): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: c.method,
        path: c.path,
        headers: { ...c.headers, ...(c.body ? { 'Content-Length': String(c.body.length) } : {}) },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(c.body);
  });
}

/** Sends every case; returns what went wrong (5xx, a dropped connection, a body outside the document's envelope). */
export async function runMalformedCases(url: string, contract: OpenApiContract, cases: MalformedCase[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const label = `${c.name} (${c.method} ${c.path.length > 120 ? `${c.path.slice(0, 120)}…` : c.path})`;
    let res: RawResponse;
    try {
      res = await send(url, c);
    } catch (err) {
      failures.push(`${label}: connection dropped (${(err as Error).message})`);
      continue;
    }
    const text = res.body.toString('utf8');
    if (res.status >= 500) {
      failures.push(`${label}: answered ${res.status} ${text.slice(0, 300)}`);
      continue;
    }
    if (c.expectStatus && res.status !== c.expectStatus) {
      failures.push(`${label}: answered ${res.status} where ${c.expectStatus} is due ${text.slice(0, 300)}`);
      continue;
    }
    const problem = contract.check({ method: c.method, url: c.path, status: res.status, headers: res.headers, text, hasBody: res.body.length > 0 });
    if (problem) failures.push(`${label}: ${problem}`);
  }
  return failures;
}

/**
 * Generated malformed-input tests for every operation of a service's committed OpenAPI document:
 * one test per operation, each sending its malformed requests with valid credentials (and a few
 * without) and expecting no 5xx, no dropped connection and a body in the service's envelope (the
 * schema the document declares for that status). New endpoints get this coverage from the document.
 */
export function describeMalformedInput<C extends BaseConfig>(def: ServiceDefinition<C>, options: MalformedInputOptions<C>): void {
  const contract = OpenApiContract.forService(def.name, def.openapi.undocumented);
  describe(`${def.name}: malformed input generated from openapi.json`, () => {
    let t: TestApp<C>;
    let setup: MalformedInputSetup;

    beforeAll(async () => {
      t = await createTestApp(def, { env: { RATE_LIMIT_PER_MINUTE: '1000000', ...options.env } });
      setup = await options.setup(t);
    });
    afterAll(() => t?.close());

    for (const operation of contract.allOperations()) {
      it(`${operation.method.toUpperCase()} ${operation.template}`, async () => {
        const cases = malformedCases(contract, operation, setup, t.config, def.selfParsedJsonPaths);
        const failures = await runMalformedCases(t.url, contract, cases);
        if (failures.length) throw new Error(`${failures.length} of ${cases.length} malformed requests failed:\n${failures.join('\n')}`);
        expect(cases.length).toBeGreaterThan(0);
      });
    }

    it('no __proto__ or constructor key reached Object.prototype', () => {
      expect(Object.prototype).not.toHaveProperty(POLLUTION_MARKER);
      expect(({} as Record<string, unknown>)[POLLUTION_MARKER]).toBeUndefined();
    });
  });
}
