import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiToJsonSchema } from '@platform/http';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI and JSON Schema documents are untyped JSON */
type Json = any;

/** What the contract looks at in one response. */
export interface ObservedResponse {
  method: string;
  /** Path and query as sent, e.g. `/v1/agents?limit=2`, or a full URL on the service's origin. */
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body as text (`undefined` for binary bodies the check does not read). */
  text: string | undefined;
  /** Whether the response carried a body at all. */
  hasBody: boolean;
}

/** A route the document leaves out on purpose (HTML pages, the docs UI): `*` matches within one segment, `**` anything. */
export interface UndocumentedRoute {
  path: string;
  reason: string;
}

/** Routes every service serves that no document describes: the docs UI and the Prometheus text. */
export const PLATFORM_UNDOCUMENTED: UndocumentedRoute[] = [
  { path: '/docs', reason: 'Swagger UI (HTML)' },
  { path: '/docs/**', reason: 'Swagger UI assets and the document itself' },
  { path: '/metrics', reason: 'Prometheus exposition format, for scrapers' },
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  method: string;
  template: string;
  regex: RegExp;
  /** Literal segments count more: `/v1/agents/search` beats `/v1/agents/{id}`. */
  weight: number;
  op: Json;
}

export function workspaceRoot(from = process.cwd()): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No nx.json above ${from}`);
  }
}

function globToRegex(glob: string): RegExp {
  const body = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

const mediaType = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(';')[0].trim().toLowerCase() ?? '';

const isJsonMedia = (type: string) => type === 'application/json' || type.endsWith('+json');

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === '*/*' || declared === actual) return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
}

const excerpt = (text: string | undefined) =>
  text === undefined ? '(binary)' : text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text || '(empty)';

/**
 * One service's committed OpenAPI 3.0 document as a contract: every response a test receives
 * must have a status the operation declares (or a `default`), a declared content type, and a body
 * valid against the declared schema. Object schemas that list `properties` and say nothing about
 * `additionalProperties` are closed: an undeclared field fails. `nullable` becomes a `null` type.
 */
export class OpenApiContract {
  private static readonly cache = new Map<string, OpenApiContract>();
  private readonly ajv: Ajv;
  private readonly operations: Operation[];
  private readonly undocumented: { regex: RegExp; route: UndocumentedRoute }[];
  private readonly validators = new Map<string, ValidateFunction>();

  /** The contract of `apps/<service>/openapi.json` (read and compiled once per process). */
  static forService(service: string, undocumented: UndocumentedRoute[] = []): OpenApiContract {
    const file = join(workspaceRoot(), 'apps', service, 'openapi.json');
    const key = `${file}\n${JSON.stringify(undocumented)}`;
    let contract = this.cache.get(key);
    if (!contract) {
      contract = new OpenApiContract(JSON.parse(readFileSync(file, 'utf8')), relative(workspaceRoot(), file), undocumented);
      this.cache.set(key, contract);
    }
    return contract;
  }

  constructor(
    readonly document: Json,
    readonly source = 'the OpenAPI document',
    undocumented: UndocumentedRoute[] = [],
  ) {
    this.ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
    addFormats(this.ajv);
    const schemas = document.components?.schemas ?? {};
    this.ajv.addSchema({ $id: 'openapi', definitions: Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, toJsonSchema(v)])) });
    this.operations = [];
    for (const [template, item] of Object.entries<Json>(document.paths ?? {})) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        const segments = template.split('/');
        const regex = new RegExp(`^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);
        const weight = segments.filter((s) => s && !s.startsWith('{')).length;
        this.operations.push({ method, template, regex, weight, op: item[method] });
      }
    }
    this.operations.sort((a, b) => b.weight - a.weight);
    this.undocumented = [...PLATFORM_UNDOCUMENTED, ...undocumented].map((route) => ({ regex: globToRegex(route.path), route }));
  }

  /** The operation `method path` maps to, if the document has it. */
  find(method: string, path: string): Operation | undefined {
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return this.operations.find((o) => o.method === m && o.regex.test(path));
  }

  /** Every operation, for generators. */
  allOperations(): ReadonlyArray<Omit<Operation, 'regex' | 'weight'>> {
    return this.operations.map(({ method, template, op }) => ({ method, template, op }));
  }

  /** A validator for a schema of this document (refs resolve against its components). */
  validator(schema: Json, cacheKey: string): ValidateFunction {
    let validate = this.validators.get(cacheKey);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema));
      this.validators.set(cacheKey, validate);
    }
    return validate;
  }

  /** A response object, following a `$ref` to `#/components/responses/…`. */
  response(response: Json): Json {
    const ref = response?.$ref;
    if (typeof ref !== 'string') return response;
    const name = /^#\/components\/responses\/(.+)$/.exec(ref)?.[1];
    const target = name ? this.document.components?.responses?.[name] : undefined;
    if (!target) throw new Error(`${this.source}: unresolvable response reference ${ref}`);
    return target;
  }

  /** `null` when the response agrees with the document; otherwise what is wrong, naming method, path and status. */
  check(r: ObservedResponse): string | null {
    // The path as sent: `new URL` would resolve `.` and `..` segments the server does not.
    const path = r.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] || '/';
    const method = r.method.toUpperCase();
    const what = `${method} ${path} answered ${r.status}`;
    const found = this.find(method, path);
    if (!found) {
      if (this.undocumented.some((u) => u.regex.test(path))) return null;
      return this.checkUnknownRoute(what, r);
    }
    const responses = found.op.responses ?? {};
    const key = [String(r.status), `${String(r.status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) {
      return `${what}, a status ${this.source} does not declare for ${found.method.toUpperCase()} ${found.template} (declared: ${Object.keys(responses).join(', ')}). Body: ${excerpt(r.text)}`;
    }
    const where = `${found.method.toUpperCase()} ${found.template} → ${key}`;
    return this.checkBody(what, where, this.response(responses[key]), r, `${found.method} ${found.template} ${key}`);
  }

  /**
   * A path or method no operation has: the router's 404 (or an error raised before routing, such
   * as a body refused by the parser), in the service's error envelope. The schema is the one the
   * document declares for that status elsewhere, or `ErrorDto`.
   */
  private checkUnknownRoute(what: string, r: ObservedResponse): string | null {
    if (r.status < 400 || r.status >= 500) {
      return `${what}, but ${this.source} has no operation for it (unknown routes must answer a 4xx error). Body: ${excerpt(r.text)}`;
    }
    // A 405 for a path that exists with other methods comes from the router, in the service's envelope, whatever an
    // operation declares for its own 405 (the MCP endpoint's JSON-RPC error).
    const declared =
      r.status === 405
        ? undefined
        : this.operations.map((o) => this.response(o.op.responses?.[String(r.status)])).find((resp) => resp?.content?.['application/json']);
    const response = declared ?? { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } } };
    return this.checkBody(what, `unknown route → ${r.status}`, response, r, `unknown ${r.status}`);
  }

  private checkBody(what: string, where: string, response: Json, r: ObservedResponse, cacheKey: string): string | null {
    if (r.method.toUpperCase() === 'HEAD' || r.status === 204 || r.status === 304 || (r.status >= 300 && r.status < 400)) return null;
    const content: Record<string, Json> = response.content ?? {};
    const declaredTypes = Object.keys(content);
    if (!r.hasBody) {
      return declaredTypes.length ? `${what} with an empty body, where ${this.source} declares ${declaredTypes.join(', ')} (${where})` : null;
    }
    const actual = mediaType(r.headers['content-type']);
    if (!declaredTypes.length) {
      return `${what} with a ${actual || 'typeless'} body, where ${this.source} declares no content (${where}). Body: ${excerpt(r.text)}`;
    }
    const declared = declaredTypes.find((t) => mediaMatches(t.toLowerCase(), actual));
    if (!declared) {
      return `${what} with Content-Type ${actual || '(none)'}, where ${this.source} declares ${declaredTypes.join(', ')} (${where})`;
    }
    const schema = content[declared].schema;
    if (!schema || !isJsonMedia(actual)) return null;
    let body: unknown;
    try {
      body = JSON.parse(r.text ?? '');
    } catch {
      return `${what} with a body that is not JSON although its Content-Type is ${actual} (${where}). Body: ${excerpt(r.text)}`;
    }
    const validate = this.validator(schema, cacheKey);
    if (validate(body)) return null;
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message}${e.keyword === 'additionalProperties' ? `: ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}` : ''}`,
      );
    return `${what} with a body that does not match ${this.source} (${where}): ${errors.join('; ')}. Body: ${excerpt(r.text)}`;
  }
}

/** Keywords of OpenAPI 3.0 schema objects that are annotations only (JSON Schema has no use for them). */
const ANNOTATIONS = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'deprecated', 'nullable']);

/**
 * An OpenAPI 3.0 schema object as JSON Schema (draft-07): `nullable` becomes a `null` type (or an
 * `anyOf` with null, for composed schemas), component refs point into the `openapi` schema, annotations are dropped,
 * boolean `exclusiveMinimum`/`exclusiveMaximum` take their bound, and an object with `properties` and no
 * `additionalProperties` is closed.
 */
export function toJsonSchema(schema: Json): Json {
  return openApiToJsonSchema(schema, { refPrefix: 'openapi#/definitions/', drop: ANNOTATIONS, closeObjects: true });
}
