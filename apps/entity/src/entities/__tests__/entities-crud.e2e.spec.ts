import { createTestApp, deepJson, expectStatus, TestAccount, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';

describe('entity CRUD: list, update, delete, personality', () => {
  let t: TestApp<EntityConfig>;
  let provider: TestAccount;
  let other: TestAccount;
  let readOnly: TestAccount;
  const bearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });
  const create = async (a: TestAccount, body: Record<string, unknown>) =>
    expectStatus(await t.http.post('/api/v1/entities').set(bearer(a)).send(body), 201).body.entity;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    provider = await t.account('provider');
    other = await t.account('other');
    readOnly = await t.account('read-only', ['entities:read']);
  });
  afterAll(() => t?.close());

  it('derives the same personality from the same purpose, and a different one from another', async () => {
    const a = await create(provider, { name: 'Lia', purpose: 'A patient tutor who helps students learn grammar' });
    const b = await create(provider, { name: 'Lia', purpose: 'A patient tutor who helps students learn grammar' });
    const c = await create(provider, { name: 'Rex', purpose: 'Uma companheira divertida para conversar e contar piadas' });
    expect(a.personality).toEqual(b.personality);
    expect(a.personality.language).toBe('en');
    expect(c.personality.language).toBe('pt-BR');
    expect(c.personality.traits.humor).toBeGreaterThan(a.personality.traits.humor);
    expect(c.personality.greeting).toContain('Rex');
    for (const v of Object.values(a.personality.traits)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('lists newest first with a cursor and filters by external_user_id', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(other, { name: `E${i}`, purpose: 'helper', external_user_id: i === 1 ? 'u-1' : 'u-2' }));
    const first = expectStatus(await t.http.get('/api/v1/entities?limit=2').set(bearer(other)), 200).body;
    expect(first.data.map((e: { id: string }) => e.id)).toEqual([made[2].id, made[1].id]);
    const second = expectStatus(await t.http.get(`/api/v1/entities?limit=2&cursor=${first.next_cursor}`).set(bearer(other)), 200).body;
    expect(second.data.map((e: { id: string }) => e.id)).toEqual([made[0].id]);
    expect(second.next_cursor).toBeNull();
    const filtered = expectStatus(await t.http.get('/api/v1/entities?external_user_id=u-1').set(bearer(other)), 200).body;
    expect(filtered.data.map((e: { id: string }) => e.id)).toEqual([made[1].id]);
    const bad = expectStatus(await t.http.get('/api/v1/entities?limit=0&cursor=garbage').set(bearer(other)), 422).body;
    expect(bad.code).toBe('validation_error');
    expect(expectStatus(await t.http.get('/api/v1/entities?cursor=garbage').set(bearer(other)), 422).body.details[0].loc).toEqual(['query', 'cursor']);
    // Shapes that pass a loose check but are not a page size or a cursor this API wrote.
    expect(expectStatus(await t.http.get('/api/v1/entities?limit=2.5').set(bearer(other)), 422).body.details[0].loc).toEqual(['query', 'limit']);
    const loose = Buffer.from(JSON.stringify(['2026', made[0].id])).toString('base64url');
    expect(expectStatus(await t.http.get(`/api/v1/entities?cursor=${loose}`).set(bearer(other)), 422).body.details[0].loc).toEqual(['query', 'cursor']);
  });

  it('updates name, status and personality; a new purpose re-derives the personality', async () => {
    const e = await create(provider, { name: 'Ana', purpose: 'A customer support agent' });
    const edited = expectStatus(
      await t.http
        .patch(`/api/v1/entities/${e.id}`)
        .set(bearer(provider))
        .send({ name: 'Ana B', personality: { traits: { humor: 0.9 }, tone: 'cheeky' } }),
      200,
    ).body.entity;
    expect(edited).toMatchObject({ name: 'Ana B', status: 'active' });
    expect(edited.personality.traits.humor).toBe(0.9);
    expect(edited.personality.traits.warmth).toBe(e.personality.traits.warmth);
    expect(edited.personality.tone).toBe('cheeky');
    const repurposed = expectStatus(
      await t.http.patch(`/api/v1/entities/${e.id}`).set(bearer(provider)).send({ purpose: 'Um assistente jurídico formal' }),
      200,
    ).body.entity;
    expect(repurposed.personality.language).toBe('pt-BR');
    const paused = expectStatus(await t.http.patch(`/api/v1/entities/${e.id}`).set(bearer(provider)).send({ status: 'paused' }), 200).body.entity;
    expect(paused.status).toBe('paused');
    const invalid = expectStatus(
      await t.http
        .patch(`/api/v1/entities/${e.id}`)
        .set(bearer(provider))
        .send({ status: 'sleeping', personality: { traits: { humor: 3 } } }),
      422,
    ).body;
    expect(invalid.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.status', 'body.personality.traits.humor']));
    expect(expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(provider)), 200).body.entity.status).toBe('paused');
  });

  it('refuses null in PATCH (it answered 500 for name, purpose and status) and changes nothing', async () => {
    const e = await create(provider, { name: 'Nulo', purpose: 'A customer support agent' });
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ name: null }, ['body', 'name']],
      [{ purpose: null }, ['body', 'purpose']],
      [{ status: null }, ['body', 'status']],
      [{ personality: null }, ['body', 'personality']],
      [{ personality: { tone: null } }, ['body', 'personality', 'tone']],
      [{ personality: { language: null } }, ['body', 'personality', 'language']],
      [{ personality: { style_rules: null } }, ['body', 'personality', 'style_rules']],
      [{ personality: { greeting: null } }, ['body', 'personality', 'greeting']],
      [{ personality: { traits: null } }, ['body', 'personality', 'traits']],
      [{ personality: { traits: { humor: null } } }, ['body', 'personality', 'traits', 'humor']],
    ];
    for (const [body, loc] of cases) {
      const res = expectStatus(
        await t.http
          .patch(`/api/v1/entities/${e.id}`)
          .set(bearer(provider))
          .send({ ...body, status: body.status === null ? null : 'paused' }),
        422,
      ).body;
      expect(res, JSON.stringify(body)).toMatchObject({ ok: false, code: 'validation_error' });
      expect(res.details, JSON.stringify(body)).toEqual([{ loc, msg: `${loc.at(-1)} may not be null; omit the field instead`, type: 'null_not_allowed' }]);
    }
    expect(expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(provider)), 200).body.entity).toEqual(e);
  });

  it('refuses blank text like empty text', async () => {
    const e = await create(provider, { name: 'Vazio', purpose: 'A customer support agent' });
    for (const blank of ['', '   ', '\n\u200b']) {
      const created = expectStatus(await t.http.post('/api/v1/entities').set(bearer(provider)).send({ name: blank, purpose: blank }), 422).body;
      expect(created.details.map((d: { loc: string[]; type: string }) => `${d.loc.join('.')}:${d.type}`)).toEqual([
        'body.name:missing',
        'body.purpose:missing',
      ]);
      const patched = expectStatus(
        await t.http
          .patch(`/api/v1/entities/${e.id}`)
          .set(bearer(provider))
          .send({ name: blank, personality: { greeting: blank, tone: blank, style_rules: ['ok', blank] } }),
        422,
      ).body;
      expect(patched.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
        'body.name',
        'body.personality.tone',
        'body.personality.style_rules',
        'body.personality.greeting',
      ]);
      const said = expectStatus(
        await t.http.post(`/api/v1/entities/${e.id}/messages`).set(bearer(provider)).send({ message: blank, end_user_name: blank }),
        422,
      ).body;
      expect(said.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(['body.message', 'body.end_user_name']);
    }
    expect(expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(provider)), 200).body.entity).toEqual(e);
  });

  it('introduces itself by its name, in English and Portuguese, and by the new one after a rename', async () => {
    const hello = async (id: string, message: string) =>
      expectStatus(await t.http.post(`/api/v1/entities/${id}/messages`).set(bearer(provider)).send({ message }), 200).body.interaction.response as string;
    const en = await create(provider, { name: 'Lia', purpose: 'A customer support agent' });
    const pt = await create(provider, { name: 'Rui', purpose: 'Um companheiro divertido para conversar' });
    expect(await hello(en.id, 'Hi!')).toBe("Hi! I'm Lia. How can I help you today?");
    expect(await hello(pt.id, 'Oi!')).toBe('Oi! Eu sou Rui. Como posso te ajudar hoje?');

    const renamed = expectStatus(await t.http.patch(`/api/v1/entities/${en.id}`).set(bearer(provider)).send({ name: ' Bia ' }), 200).body.entity;
    expect(renamed).toMatchObject({ name: 'Bia', personality: { ...en.personality, greeting: "Hi! I'm Bia. How can I help you today?" } });
    for (const message of ['Hi!', 'Who are you?', 'My name is Ana']) {
      const reply = await hello(en.id, message);
      expect(reply, message).toMatch(/\bBia\b/);
      expect(reply, message).not.toMatch(/\bLia\b/);
    }
    expect(
      expectStatus(await t.http.patch(`/api/v1/entities/${pt.id}`).set(bearer(provider)).send({ name: 'Téo' }), 200).body.entity.personality.greeting,
    ).toBe('Oi! Eu sou Téo. Como posso te ajudar hoje?');
    // A greeting given with the new name wins.
    const both = expectStatus(
      await t.http
        .patch(`/api/v1/entities/${pt.id}`)
        .set(bearer(provider))
        .send({ name: 'Caio', personality: { greeting: 'E aí! Caio na área.' } }),
      200,
    ).body.entity;
    expect(both.personality.greeting).toBe('E aí! Caio na área.');
    expect(await hello(pt.id, 'Oi!')).toBe('E aí! Caio na área.');
  });

  it('refuses POST and PATCH bodies nested thousands of levels deep with 422, changing nothing', async () => {
    const e = await create(provider, { name: 'Flat', purpose: 'A plain helper' });
    const deep = `{"name":"Deep","purpose":"x","personality":${deepJson(5000)}}`;
    const tooDeep = {
      ok: false,
      error: 'The request body nests objects and arrays deeper than 128 levels',
      code: 'validation_error',
      details: [{ loc: ['body'], msg: 'JSON nested deeper than 128 levels', type: 'json_too_deep' }],
    };
    const json = { ...bearer(provider), 'Content-Type': 'application/json' };
    expect(expectStatus(await t.http.post('/api/v1/entities').set(json).send(deep), 422).body).toEqual(tooDeep);
    expect(expectStatus(await t.http.patch(`/api/v1/entities/${e.id}`).set(json).send(deep), 422).body).toEqual(tooDeep);
    expect(expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(provider)), 200).body.entity).toEqual(e);
    const names = (await t.http.get('/api/v1/entities?limit=100').set(bearer(provider))).body.data.map((x: { name: string }) => x.name);
    expect(names).not.toContain('Deep');
  });

  it('deletes, and keeps other accounts and read-only keys out', async () => {
    const e = await create(provider, { name: 'Gone', purpose: 'temporary' });
    expectStatus(await t.http.patch(`/api/v1/entities/${e.id}`).set(bearer(other)).send({ name: 'x' }), 404);
    expect(expectStatus(await t.http.delete(`/api/v1/entities/${e.id}`).set(bearer(other)), 404).body.code).toBe('entity_not_found');
    expect(expectStatus(await t.http.delete(`/api/v1/entities/${e.id}`).set(bearer(readOnly)), 403).body.code).toBe('insufficient_scope');
    expectStatus(await t.http.get('/api/v1/entities').set(bearer(readOnly)), 200);
    expectStatus(await t.http.patch(`/api/v1/entities/${e.id}`).send({ name: 'x' }), 401);
    expect(expectStatus(await t.http.delete(`/api/v1/entities/${e.id}`).set(bearer(provider)), 200).body).toEqual({ ok: true, id: e.id, deleted: true });
    expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(provider)), 404);
    expect((await t.http.get('/api/v1/entities').set(bearer(other))).body.data.some((x: { id: string }) => x.id === e.id)).toBe(false);
  });
});

describe('entity BODY_MAX_DEPTH', () => {
  let t: TestApp<EntityConfig>;
  let key: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { BODY_MAX_DEPTH: '8' } });
    key = await t.account('depth');
  });
  afterAll(() => t?.close());

  it('takes bodies up to the configured depth and refuses deeper ones', async () => {
    const post = (levels: number) =>
      t.http
        .post('/api/v1/entities')
        .set({ Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' })
        .send(`{"name":"Lia","purpose":"tutor","personality":${deepJson(levels - 1)}}`);
    expectStatus(await post(8), 201);
    const refused = expectStatus(await post(9), 422).body;
    expect(refused.details).toEqual([{ loc: ['body'], msg: 'JSON nested deeper than 8 levels', type: 'json_too_deep' }]);
  });
});
