import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';

describe('entity /api/v1/entities', () => {
  let t: TestApp<EntityConfig>;
  let provider: TestAccount;
  let other: TestAccount;
  let chatOnly: TestAccount;
  const bearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });

  beforeAll(async () => {
    t = await createTestApp(entityService);
    provider = await t.account('provider');
    other = await t.account('other');
    chatOnly = await t.account('chat-only', ['entities:chat']);
  });
  afterAll(() => t?.close());

  it('creates an entity for an external user and reads it back', async () => {
    const res = expectStatus(
      await t.http.post('/api/v1/entities').set(bearer(provider)).send({ name: 'Lia', purpose: 'A study companion', external_user_id: 'user-42' }),
      201,
    );
    expect(res.body.ok).toBe(true);
    expect(res.body.entity).toMatchObject({ name: 'Lia', purpose: 'A study companion', external_user_id: 'user-42', status: 'active' });
    expect(res.body.entity.id).toMatch(/^ent_/);
    const read = expectStatus(await t.http.get(`/api/v1/entities/${res.body.entity.id}`).set(bearer(provider)), 200);
    expect(read.body).toEqual(res.body);
    expect(res.headers['x-ratelimit-limit']).toBe('120');
  });

  it('answers 422 in the entity envelope and creates nothing', async () => {
    const res = expectStatus(await t.http.post('/api/v1/entities').set(bearer(provider)).send({ name: '', purpose: 42 }), 422);
    expect(res.body).toMatchObject({ ok: false, code: 'validation_error', error: expect.stringContaining('name') });
    expect(res.body.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.name', 'body.purpose']));
    const malformed = await t.http.post('/api/v1/entities').set(bearer(provider)).set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ ok: false, code: 'invalid_json' });
  });

  it('answers 401 and 403 insufficient_scope', async () => {
    const none = expectStatus(await t.http.post('/api/v1/entities').send({ name: 'x', purpose: 'y' }), 401);
    expect(none.body).toEqual({ ok: false, error: expect.any(String), code: 'unauthorized' });
    const bad = expectStatus(await t.http.post('/api/v1/entities').set({ Authorization: 'Bearer ent_live_forged' }).send({ name: 'x', purpose: 'y' }), 401);
    expect(bad.body.code).toBe('unauthorized');
    const scope = expectStatus(await t.http.post('/api/v1/entities').set(bearer(chatOnly)).send({ name: 'x', purpose: 'y' }), 403);
    expect(scope.body).toMatchObject({ ok: false, code: 'insufficient_scope' });
    expect(scope.headers['www-authenticate']).toContain('insufficient_scope');
  });

  it("answers 404 entity_not_found for another account's entity and unknown ids", async () => {
    const mine = (await t.http.post('/api/v1/entities').set(bearer(provider)).send({ name: 'Mine', purpose: 'private' })).body.entity;
    const res = expectStatus(await t.http.get(`/api/v1/entities/${mine.id}`).set(bearer(other)), 404);
    expect(res.body).toEqual({ ok: false, error: `Entity ${mine.id} not found`, code: 'entity_not_found' });
    expectStatus(await t.http.get('/api/v1/entities/ent_doesnotexist').set(bearer(provider)), 404);
    const route = expectStatus(await t.http.get('/api/v1/nothing').set(bearer(provider)), 404);
    expect(route.body).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('echoes at most 64 characters of a requested id', async () => {
    const id = `ent_${'a'.repeat(5000)}`;
    const res = expectStatus(await t.http.get(`/api/v1/entities/${id}`).set(bearer(provider)), 404);
    expect(res.body).toEqual({ ok: false, error: `Entity ${id.slice(0, 64)}… not found`, code: 'entity_not_found' });
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${id}/end-users/${'u'.repeat(5000)}/memory`).set(bearer(provider)), 404);
    expect(memory.body.error.length).toBeLessThan(120);
  });

  it('publishes its OpenAPI document at /developers/openapi.json', async () => {
    const doc = expectStatus(await t.http.get('/developers/openapi.json'), 200).body;
    expect(doc.paths['/api/v1/entities'].post).toBeDefined();
  });
});
