import { contractAgent, createTestApp, expectStatus, OpenApiContract, TestAccount, TestApp } from '@platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative /v1/me, probes and limits', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { RATE_LIMIT_PER_MINUTE: '5', DATA_DIR: mkdtempSync(join(tmpdir(), 'creative-')) } });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  it('names the calling account and credential, for either header', async () => {
    const a = expectStatus(await t.http.get('/v1/me').set('x-api-key', alice.key), 200).body;
    expect(a.account.id).toBe(alice.accountId);
    expect(a.credential).toEqual({ id: alice.keyId, type: 'api_key', scopes: ['*'] });
    const b = expectStatus(await t.http.get('/v1/me').set('Authorization', `Bearer ${bob.key}`), 200).body;
    expect(b.account.id).toBe(bob.accountId);
    expect(JSON.stringify(b)).not.toContain(alice.accountId);
  });

  it('answers 401 without a credential or with another scheme', async () => {
    expect(expectStatus(await t.http.get('/v1/me'), 401).body.code).toBe('unauthorized');
    expect(expectStatus(await t.http.get('/v1/me').set('Authorization', 'Basic abc'), 401).body.code).toBe('unauthorized');
  });

  it('serves probes, metrics and the OpenAPI document without credentials', async () => {
    expect(expectStatus(await t.http.get('/healthz'), 200).body).toEqual({ status: 'ok' });
    const ready = expectStatus(await t.http.get('/readyz'), 200).body;
    expect(ready.checks.database.ok).toBe(true);
    expect(ready.checks.queue.ok).toBe(true);
    const metrics = expectStatus(await t.http.get('/metrics'), 200);
    expect(metrics.text).toContain('http_requests_total');
    const doc = expectStatus(await t.http.get('/docs/openapi.json'), 200).body;
    expect(doc.info.version).toBe('0.58.0');
    expect(doc.paths['/v1/brand-kit'].put).toBeDefined();
  });

  it('limits each credential per minute with X-RateLimit headers and 429', async () => {
    const carol = await t.account('carol');
    const seen: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.http.get('/v1/me').set('x-api-key', carol.key);
      seen.push(last.status);
      if (i < 5) {
        expect(last.headers['x-ratelimit-limit']).toBe('5');
        expect(last.headers['x-ratelimit-remaining']).toBe(String(4 - i));
        expect(Number(last.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      }
    }
    expect(seen).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another credential has its own count.
    expectStatus(await t.http.get('/v1/me').set('x-api-key', bob.key), 200);
  });

  it('fails a request whose response disagrees with the committed OpenAPI document', async () => {
    const dave = await t.account('dave');
    const doc = structuredClone(t.contract.document);
    delete doc.paths['/v1/me'].get.responses['401'];
    doc.components.schemas.MeCredentialDto.properties.scopes.items = { type: 'integer' };
    delete doc.components.schemas.MeAccountDto.properties.created_at;
    const tampered = contractAgent(t.url, new OpenApiContract(doc, 'the tampered document'));
    await expect(tampered.get('/v1/me')).rejects.toThrow(
      'OpenAPI contract: GET /v1/me answered 401, a status the tampered document does not declare for GET /v1/me',
    );
    const wrong = tampered.get('/v1/me').set('x-api-key', dave.key);
    await expect(wrong).rejects.toThrow(/GET \/v1\/me answered 200 with a body that does not match the tampered document \(GET \/v1\/me → 200\)/);
    await expect(tampered.get('/v1/me').set('x-api-key', dave.key)).rejects.toThrow(/\/credential\/scopes\/0 must be integer/);
    await expect(tampered.get('/v1/me').set('x-api-key', dave.key)).rejects.toThrow('/account must NOT have additional properties: "created_at"');
    // The committed document and the service agree.
    expectStatus(await t.http.get('/v1/me').set('x-api-key', dave.key), 200);
    expectStatus(await t.http.get('/v1/me'), 401);
  });
});
