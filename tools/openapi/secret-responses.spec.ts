import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Idempotent responses are stored for 24 hours; a response that shows a secret must be stored
 * encrypted, which its route asks for with `@SecretResponse()` (`x-secret-response: true` in
 * openapi.json). This finds every mutating operation of the three services whose success response
 * has a secret-looking property and checks that it is marked, or listed here with the reason why not.
 */
const NOT_STORED: Record<string, string> = {
  'messaging DELETE /v1/settings/webhook': 'its `secret` is always null',
  'entity POST /api/oauth/token': 'answered by oidc-provider before Nest: no Idempotency-Key handling',
  'creative POST /oauth/token': 'answered by oidc-provider before Nest: no Idempotency-Key handling',
};
/**
 * Responses whose secret no property name shows: a capability URL (the local gateway's pages take a token in their
 * query string; Stripe's Checkout and Billing Portal URLs open the session to whoever has them). These must be marked.
 */
const SECRET_INSIDE: Record<string, string> = {
  'creative POST /v1/billing/checkout': '`url` carries the checkout token',
  'creative POST /v1/billing/gateway/checkout': '`url` carries the checkout token',
  'creative POST /v1/billing/portal': '`url` carries the portal session token',
  'creative POST /v1/billing/gateway/portal': '`url` carries the portal session token',
};
const SECRET_NAME = /secret|token|password/i;
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  'x-secret-response'?: boolean;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

function propertyNames(doc: Document, schema: Schema | undefined, seen = new Set<Schema>()): string[] {
  const s = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const nested = [...Object.values(s.properties ?? {}), ...(s.items ? [s.items] : []), ...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  return [...Object.keys(s.properties ?? {}), ...nested.flatMap((n) => propertyNames(doc, n, seen))];
}

function secretResponses(service: string): { operation: string; names: string[]; marked: boolean }[] {
  const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'apps', service, 'openapi.json'), 'utf8')) as Document;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => MUTATING.has(method))
      .map(([method, op]) => {
        const schemas = Object.entries(op.responses ?? {})
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([, r]) => Object.values(r.content ?? {}).map((c) => c.schema));
        const names = [...new Set(schemas.flatMap((s) => propertyNames(doc, s)).filter((n) => SECRET_NAME.test(n)))];
        return { operation: `${service} ${method.toUpperCase()} ${path}`, names, marked: op['x-secret-response'] === true };
      })
      .filter((o) => o.names.length > 0 || o.marked),
  );
}

describe('responses that show a secret are stored encrypted by idempotency', () => {
  const all = ['creative', 'messaging', 'entity'].flatMap(secretResponses);

  it('marks every mutating operation whose response has a secret-looking property with @SecretResponse()', () => {
    const unmarked = all.filter((o) => o.names.length > 0 && !o.marked && !(o.operation in NOT_STORED)).map((o) => `${o.operation} (${o.names.join(', ')})`);
    expect(unmarked).toEqual([]);
  });

  it('marks the operations whose secret is inside a value (a capability URL), listed in SECRET_INSIDE', () => {
    const operations = new Map(all.map((o) => [o.operation, o.marked]));
    const unmarked = Object.keys(SECRET_INSIDE).filter((operation) => operations.get(operation) !== true);
    expect(unmarked).toEqual([]);
  });

  it('finds the known ones, so the check reads the documents it should', () => {
    expect(all.filter((o) => o.marked).map((o) => o.operation)).toEqual(
      expect.arrayContaining(['creative POST /v1/callbacks/signing-secret/rotate', 'messaging PUT /v1/settings/webhook', 'messaging POST /v1/channels']),
    );
    for (const exempt of Object.keys(NOT_STORED)) expect(all.map((o) => o.operation)).toContain(exempt);
  });
});
