import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { TurnRecoveryService } from '../recovery.service';

type Body = Record<string, unknown>;

describe('entity messages and memory (built-in engine)', () => {
  let t: TestApp<EntityConfig>;
  let owner: TestAccount;
  let stranger: TestAccount;
  let reader: TestAccount;
  let chatter: TestAccount;
  let entityId: string;
  const bearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });
  const say = (a: TestAccount, id: string, body: Body) => t.http.post(`/api/v1/entities/${id}/messages`).set(bearer(a)).send(body);

  beforeAll(async () => {
    t = await createTestApp(entityService);
    owner = await t.account('owner');
    stranger = await t.account('stranger');
    reader = await t.account('reader', ['entities:read']);
    chatter = await t.account('chatter', ['entities:chat']);
    entityId = (await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Lia', purpose: 'A friendly companion' })).body.entity.id;
  });
  afterAll(() => t?.close());

  it('flow 1: answers a message with the interaction and lists it', async () => {
    const res = expectStatus(await say(owner, entityId, { message: 'Hello there!' }), 200).body;
    expect(res.ok).toBe(true);
    expect(res.interaction).toMatchObject({ entity_id: entityId, message: 'Hello there!', status: 'completed', end_user_id: null });
    expect(res.interaction.response.length).toBeGreaterThan(0);
    const list = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages`).set(bearer(owner)), 200).body;
    expect(list.data.map((i: { id: string }) => i.id)).toContain(res.interaction.id);
  });

  it('remembers an end user across turns, and never tells another end user', async () => {
    expectStatus(await say(owner, entityId, { message: 'Hi! My name is Ana and I love coffee.', end_user_id: 'ana' }), 200);
    const recall = expectStatus(await say(owner, entityId, { message: 'Do you remember my name?', end_user_id: 'ana' }), 200).body;
    expect(recall.interaction.response).toContain('Ana');

    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/ana/memory`).set(bearer(owner)), 200).body.memory;
    expect(memory).toMatchObject({ end_user_id: 'ana', name: 'Ana', interactions: 2 });
    expect(memory.facts.some((f: { kind: string; value: string }) => f.kind === 'preference' && /coffee/i.test(f.value))).toBe(true);
    expect(memory.summary).toEqual(expect.any(String));

    const bob = expectStatus(await say(owner, entityId, { message: 'Do you remember my name?', end_user_id: 'bob' }), 200).body;
    expect(bob.interaction.response).not.toContain('Ana');
    expect(bob.interaction.response).not.toMatch(/coffee/i);
    const bobsHistory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages?end_user_id=bob`).set(bearer(owner)), 200).body.data;
    expect(bobsHistory).toHaveLength(1);
  });

  it('answers from memory: what music the person likes, their order number; plainly says what it was not told', async () => {
    const first = expectStatus(await say(owner, entityId, { message: 'Hi, I am Bruno and I love jazz', end_user_id: 'bruno' }), 200).body.interaction;
    const music = expectStatus(await say(owner, entityId, { message: 'What music do I like?', end_user_id: 'bruno' }), 200).body.interaction.response;
    expect(music).toContain('jazz');
    expect(music).not.toMatch(/good question|tell me more/i);
    expectStatus(await say(owner, entityId, { message: 'My order number is 88412.', end_user_id: 'bruno' }), 200);
    expect(
      expectStatus(await say(owner, entityId, { message: 'Do you remember my order number?', end_user_id: 'bruno' }), 200).body.interaction.response,
    ).toContain('88412');
    expect(expectStatus(await say(owner, entityId, { message: "What's my phone number?", end_user_id: 'bruno' }), 200).body.interaction.response).toMatch(
      /haven't told me your phone number/,
    );
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/bruno/memory`).set(bearer(owner)), 200).body.memory;
    expect(memory.facts).toEqual(
      expect.arrayContaining([
        { kind: 'preference', key: 'likes', value: 'jazz', text: 'Likes jazz', source_message_id: first.id, updated_at: first.created_at },
        expect.objectContaining({ kind: 'identifier', key: 'order', value: '88412', text: 'Order number: 88412' }),
      ]),
    );
  });

  it('a later fact replaces the earlier one in the memory, and facts outlive the history window', async () => {
    expectStatus(await say(owner, entityId, { message: 'My order number is 11111.', end_user_id: 'fixer' }), 200);
    expectStatus(await say(owner, entityId, { message: 'Sorry, my order number is actually 22222.', end_user_id: 'fixer' }), 200);
    for (let k = 0; k < 12; k++) expectStatus(await say(owner, entityId, { message: k % 2 ? 'ok' : 'Nice weather today.', end_user_id: 'fixer' }), 200);
    const reply = expectStatus(await say(owner, entityId, { message: "What's my order number?", end_user_id: 'fixer' }), 200).body.interaction.response;
    expect(reply).toContain('22222');
    expect(reply).not.toContain('11111');
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/fixer/memory`).set(bearer(owner)), 200).body.memory;
    expect(memory.facts.filter((f: { key: string }) => f.key === 'order').map((f: { value: string }) => f.value)).toEqual(['22222']);
  });

  it('keeps at most 200 facts per end user: the most recently stated, and the name', async () => {
    // A memory a long acquaintance built: a name stated first, then 250 tastes, one a day.
    const day = (d: number) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString();
    const old = [
      { kind: 'name', key: 'name', value: 'Marta', text: 'Their name is Marta.', updatedAt: day(0) },
      ...Array.from({ length: 250 }, (_, i) => ({
        kind: 'preference',
        key: 'likes',
        value: `thing ${i}`,
        text: `They like thing ${i}.`,
        updatedAt: day(1 + i),
      })),
    ];
    expectStatus(await say(owner, entityId, { message: 'Hello!', end_user_id: 'hoarder' }), 200);
    await t.app
      .get(DataSource)
      .query(`UPDATE entity.end_users SET facts = $1::jsonb WHERE entity_id = $2 AND end_user_id = 'hoarder'`, [JSON.stringify(old), entityId]);
    expectStatus(await say(owner, entityId, { message: 'I love jazz.', end_user_id: 'hoarder' }), 200);
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/hoarder/memory`).set(bearer(owner)), 200).body.memory;
    const values = memory.facts.map((f: { value: string }) => f.value);
    expect(values).toHaveLength(200);
    expect(values[0]).toBe('Marta');
    expect(values.some((v: string) => /jazz/i.test(v))).toBe(true);
    // The 52 oldest tastes went (250 + name + jazz = 252); the newest stayed.
    expect(values).not.toContain('thing 51');
    expect(values).toContain('thing 52');
    expect(values).toContain('thing 249');
  });

  it('replies in the language the person writes in; personality.reply_language fixes it', async () => {
    const e = expectStatus(
      await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Lia', purpose: 'Uma amiga para conversar sobre o dia a dia' }),
      201,
    ).body.entity;
    expect(e.personality).toMatchObject({ language: 'pt-BR', reply_language: 'auto' });
    const reply = async (message: string) => expectStatus(await say(owner, e.id, { message, end_user_id: 'lang' }), 200).body.interaction.response as string;
    expect(await reply('Thanks a lot for the help!')).toMatch(/welcome|happy to help|glad/i);
    expect(await reply('¡Muchas gracias por la ayuda!')).toMatch(/de nada|placer|cuando quieras/i);
    const fixed = expectStatus(
      await t.http
        .patch(`/api/v1/entities/${e.id}`)
        .set(bearer(owner))
        .send({ personality: { reply_language: 'pt-BR' } }),
      200,
    ).body.entity;
    expect(fixed.personality.reply_language).toBe('pt-BR');
    expect(await reply('Thanks a lot for the help!')).toMatch(/por nada|imagina|prazer/i);
    for (const bad of ['automatic', 5, null]) {
      const res = expectStatus(
        await t.http
          .patch(`/api/v1/entities/${e.id}`)
          .set(bearer(owner))
          .send({ personality: { reply_language: bad } }),
        422,
      ).body;
      expect(
        res.details.map((d: { loc: string[] }) => d.loc.join('.')),
        JSON.stringify(bad),
      ).toEqual(['body.personality.reply_language']);
    }
    expect(expectStatus(await t.http.get(`/api/v1/entities/${e.id}`).set(bearer(owner)), 200).body.entity.personality.reply_language).toBe('pt-BR');
  });

  it('keeps memory across a restart of the service', async () => {
    const replica = await createTestApp(entityService, { replicaOf: t });
    try {
      const again = expectStatus(
        await replica.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer(owner)).send({ message: "What's my name?", end_user_id: 'ana' }),
        200,
      ).body;
      expect(again.interaction.response).toContain('Ana');
    } finally {
      await replica.close();
    }
  });

  it('flow 2: a provider creates an entity per external user and chats per end user', async () => {
    const mine = expectStatus(
      await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Coach', purpose: 'Fitness coach', external_user_id: 'client-7' }),
      201,
    ).body.entity;
    const found = (await t.http.get('/api/v1/entities?external_user_id=client-7').set(bearer(owner))).body.data;
    expect(found.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    const turn = expectStatus(
      await say(owner, mine.id, { message: 'Meu nome é Carla. Vou correr uma maratona em maio.', end_user_id: 'client-7', end_user_name: 'Carla' }),
      200,
    ).body;
    expect(turn.interaction).toMatchObject({ end_user_id: 'client-7', end_user_name: 'Carla', status: 'completed' });
    const memory = (await t.http.get(`/api/v1/entities/${mine.id}/end-users/client-7/memory`).set(bearer(owner))).body.memory;
    expect(memory.name).toBe('Carla');
    expect(memory.facts.some((f: { kind: string }) => f.kind === 'plan')).toBe(true);
  });

  it('pages and filters the history with since and cursor', async () => {
    const before = new Date().toISOString();
    for (const m of ['one', 'two', 'three']) expectStatus(await say(owner, entityId, { message: m, end_user_id: 'pager' }), 200);
    const page1 = (await t.http.get(`/api/v1/entities/${entityId}/messages?since=${before}&limit=2`).set(bearer(owner))).body;
    expect(page1.data.map((i: { message: string }) => i.message)).toEqual(['one', 'two']);
    const page2 = (await t.http.get(`/api/v1/entities/${entityId}/messages?since=${before}&limit=2&cursor=${page1.next_cursor}`).set(bearer(owner))).body;
    expect(page2.data.map((i: { message: string }) => i.message)).toEqual(['three']);
    expect(page2.next_cursor).toBeNull();
  });

  it('erases what it knows about a person', async () => {
    expectStatus(await say(owner, entityId, { message: 'My name is Zed.', end_user_id: 'zed' }), 200);
    const erased = expectStatus(await t.http.delete(`/api/v1/entities/${entityId}/end-users/zed/memory`).set(bearer(owner)), 200).body;
    expect(erased).toEqual({ ok: true, deleted: true, interactions_deleted: 1 });
    expect(expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/zed/memory`).set(bearer(owner)), 404).body.code).toBe('end_user_not_found');
    const next = expectStatus(await say(owner, entityId, { message: 'What is my name?', end_user_id: 'zed' }), 200).body;
    expect(next.interaction.response).not.toContain('Zed');
  });

  it('answers 409 entity_unavailable for a paused or archived entity, and stores nothing', async () => {
    const e = (await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Nap', purpose: 'sleepy' })).body.entity;
    for (const status of ['paused', 'archived']) {
      await t.http.patch(`/api/v1/entities/${e.id}`).set(bearer(owner)).send({ status });
      const res = expectStatus(await say(owner, e.id, { message: 'hello?' }), 409).body;
      expect(res).toMatchObject({ ok: false, code: 'entity_unavailable', status });
    }
    expect((await t.http.get(`/api/v1/entities/${e.id}/messages`).set(bearer(owner))).body.data).toEqual([]);
  });

  it('answers 401, 403, 404 and 422 in the entity envelope', async () => {
    expect(expectStatus(await t.http.post(`/api/v1/entities/${entityId}/messages`).send({ message: 'hi' }), 401).body.code).toBe('unauthorized');
    expect(expectStatus(await say(reader, entityId, { message: 'hi' }), 403).body.code).toBe('insufficient_scope');
    expect(expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages`).set(bearer(chatter)), 403).body.code).toBe('insufficient_scope');
    expect(expectStatus(await say(stranger, entityId, { message: 'hi' }), 404).body.code).toBe('entity_not_found');
    expect(expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages`).set(bearer(stranger)), 404).body.code).toBe('entity_not_found');
    expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/ana/memory`).set(bearer(stranger)), 404);
    const invalid = expectStatus(await say(owner, entityId, { message: '', end_user_id: 5 }), 422).body;
    expect(invalid.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.message', 'body.end_user_id']));
    expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages?since=yesterday`).set(bearer(owner)), 422);
  });

  it('finishes a turn left pending with no job (process lost, or enqueue failed): the recovery sweep queues it again', async () => {
    // As if the process died (inline queue) or Redis failed (BullMQ) right after the turn was stored.
    const ds = t.app.get(DataSource);
    await ds.query(
      `INSERT INTO entity.interactions (id, account_id, entity_id, end_user_id, message, status) VALUES ('int_orphan', $1, $2, 'carla', 'Hi, I am Carla', 'pending')`,
      [owner.accountId, entityId],
    );
    const recovery = t.app.get(TurnRecoveryService);
    // Younger than the grace period: left to the request that is queueing it.
    expect(await recovery.recover({ olderThanMs: 60_000 })).toEqual({ turns: 0 });
    expect(await recovery.recover()).toEqual({ turns: 1 });
    await t.drainQueue();
    const deadline = Date.now() + 15_000;
    let turn: { status: string; response: string | null } | undefined;
    while (Date.now() < deadline) {
      turn = (await t.http.get(`/api/v1/entities/${entityId}/messages?end_user_id=carla`).set(bearer(owner))).body.data[0];
      if (turn?.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(turn).toMatchObject({ status: 'completed', response: expect.stringContaining('Carla') });
    // Nothing pending is left, and a second sweep queues nothing.
    expect(await recovery.recover()).toEqual({ turns: 0 });
  });
});
