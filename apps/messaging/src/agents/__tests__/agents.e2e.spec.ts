import { createTestApp, deepJson, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../../config';
import { messagingService } from '../../service';

describe('messaging /v1/agents', () => {
  let t: TestApp<MessagingConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  const auth = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });

  beforeAll(async () => {
    // Private webhook URLs: a paused webhook on loopback records (held) deliveries without sending anything.
    t = await createTestApp(messagingService, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  it('creates, lists, reads and deletes an agent', async () => {
    const created = expectStatus(
      await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Ana', soul_id: 'friendly-support', language: 'pt-BR' }),
      201,
    ).body;
    expect(created).toMatchObject({ name: 'Ana', soul: 'friendly-support', language: 'pt-BR', status: 'active' });
    expect(created.id).toMatch(/^agt_[0-9a-z]{26}$/);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);

    const second = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Bea', soul_id: 'concise-expert' }), 201).body;
    const list = expectStatus(await t.http.get('/v1/agents').set(auth(alice)), 200).body;
    expect(list.total).toBe(2);
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([second.id, created.id]);

    const one = expectStatus(await t.http.get(`/v1/agents/${created.id}`).set(auth(alice)), 200).body;
    expect(one).toEqual(created);

    expect(expectStatus(await t.http.delete(`/v1/agents/${created.id}`).set(auth(alice)), 200).body).toEqual({ id: created.id, deleted: true });
    expectStatus(await t.http.get(`/v1/agents/${created.id}`).set(auth(alice)), 404);
    expect((await t.http.get('/v1/agents').set(auth(alice))).body.total).toBe(1);
  });

  it('reply_language: auto by default, a BCP 47 tag to fix it; anything else is refused and nothing is stored', async () => {
    const auto = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Lia', soul_id: 'friendly-support' }), 201).body;
    expect(auto).toMatchObject({ language: null, reply_language: 'auto' });
    const fixed = expectStatus(
      await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Rui', soul_id: 'friendly-support', reply_language: 'pt-BR' }),
      201,
    ).body;
    expect(fixed.reply_language).toBe('pt-BR');
    expect(expectStatus(await t.http.get(`/v1/agents/${fixed.id}`).set(auth(alice)), 200).body.reply_language).toBe('pt-BR');
    const before = (await t.http.get('/v1/agents').set(auth(alice))).body.total;
    for (const [value, type] of [
      ['automatic', 'value_error'],
      ['pt_BR', 'value_error'],
      ['', 'value_error'],
      [5, 'string_type'],
    ] as const) {
      const res = expectStatus(
        await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'X', soul_id: 'friendly-support', reply_language: value }),
        422,
      ).body;
      expect(res.details, JSON.stringify(value)).toEqual([expect.objectContaining({ loc: ['body', 'reply_language'] })]);
      if (type === 'string_type') expect(res.details[0].type).toBe('string_type');
    }
    expect((await t.http.get('/v1/agents').set(auth(alice))).body.total).toBe(before);

    // What it changes: an English speaker gets English from the auto agent, Portuguese from the fixed one.
    const say = async (agent: string) => {
      const conv = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent, channel: 'api' }), 201).body.id;
      return expectStatus(await t.http.post(`/v1/conversations/${conv}/messages`).set(auth(alice)).send({ content: 'Thanks a lot for the help!' }), 201).body
        .reply.content;
    };
    expect(await say(auto.id)).toMatch(/welcome|happy to help|glad/i);
    expect(await say(fixed.id)).toMatch(/por nada|imagina|prazer/i);
  });

  it('answers 401 in the messaging envelope without a valid key', async () => {
    const missing = expectStatus(await t.http.get('/v1/agents'), 401);
    expect(missing.body).toEqual({ error: 'unauthorized', message: expect.stringContaining('Bearer'), status: 401 });
    const wrong = expectStatus(await t.http.get('/v1/agents').set({ Authorization: 'Bearer msg_live_nope' }), 401);
    expect(wrong.body).toMatchObject({ error: 'unauthorized', status: 401 });
    const creativeStyle = expectStatus(await t.http.get('/v1/agents').set({ 'x-api-key': alice.key }), 401);
    expect(creativeStyle.body.error).toBe('unauthorized');
  });

  it('answers 422 with the failing fields and stores nothing', async () => {
    const res = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ soul_id: 'Not A Soul!', language: 5 }), 422);
    expect(res.body).toMatchObject({ error: 'validation_error', status: 422 });
    const locs = res.body.details.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.name', 'body.soul_id', 'body.language']));
    expect(res.body.details.find((d: { loc: string[] }) => d.loc[1] === 'name').type).toBe('missing');

    for (const bad of ['[1,2]', '"text"', '{"name": "x", "soul_id": "a\\u0000b"}']) {
      const r = await t.http.post('/v1/agents').set(auth(alice)).set('Content-Type', 'application/json').send(bad);
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('validation_error');
    }
    const before = (await t.http.get('/v1/agents').set(auth(bob))).body.total;
    expect(before).toBe(0);
  });

  it('refuses a blank name like an empty one, and a wrong type with its type error only', async () => {
    for (const name of ['', '   ', '\u3000\u200d']) {
      const r = expectStatus(await t.http.post('/v1/agents').set(auth(bob)).send({ name, soul_id: 'friendly-support' }), 422).body;
      expect(r.details, JSON.stringify(name)).toEqual([{ loc: ['body', 'name'], msg: 'name must not be empty or blank', type: 'missing' }]);
    }
    const typed = expectStatus(
      await t.http
        .post('/v1/agents')
        .set(auth(bob))
        .send({ name: 12, soul_id: ['friendly-support'] }),
      422,
    ).body;
    expect(typed.details).toEqual([
      { loc: ['body', 'name'], msg: 'name must be a string', type: 'string_type' },
      { loc: ['body', 'soul_id'], msg: 'soul_id must be a string', type: 'string_type' },
    ]);
    expect((await t.http.get('/v1/agents').set(auth(bob))).body.total).toBe(0);
    const trimmed = expectStatus(await t.http.post('/v1/agents').set(auth(bob)).send({ name: '  Ana  ', soul_id: 'friendly-support' }), 201).body;
    expect(trimmed.name).toBe('Ana');
    expectStatus(await t.http.delete(`/v1/agents/${trimmed.id}`).set(auth(bob)), 200);
  });

  it('answers malformed JSON, oversized bodies and unknown routes in the envelope', async () => {
    const malformed = await t.http.post('/v1/agents').set(auth(alice)).set('Content-Type', 'application/json').send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'invalid_json', status: 400 });

    const huge = await t.http
      .post('/v1/agents')
      .set(auth(alice))
      .send({ name: 'x'.repeat(2 * 1024 * 1024), soul_id: 'a' });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: 'payload_too_large', status: 413 });

    const unknown = await t.http.get('/v1/nothing-here').set(auth(alice));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'not_found', status: 404 });
  });

  it('refuses a body nested deeper than BODY_MAX_DEPTH (128) with 422 and stores nothing; 128 levels pass', async () => {
    const before = (await t.http.get('/v1/agents').set(auth(alice))).body.total;
    const send = (levels: number) =>
      t.http
        .post('/v1/agents')
        .set(auth(alice))
        .set('Content-Type', 'application/json')
        .send(`{"name":"Deep","soul_id":"concise-expert","extra":${deepJson(levels - 1)}}`);
    for (const levels of [5000, 129]) {
      const res = expectStatus(await send(levels), 422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: 'The request body nests objects and arrays deeper than 128 levels',
        status: 422,
        details: [{ loc: ['body'], msg: 'JSON nested deeper than 128 levels', type: 'json_too_deep' }],
      });
    }
    expect((await t.http.get('/v1/agents').set(auth(alice))).body.total).toBe(before);
    expectStatus(await send(128), 201);
  });

  it('PATCH changes what is given, keeps the rest and the conversations; later replies use the new name', async () => {
    const agent = expectStatus(
      await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Ana', soul_id: 'friendly-support', language: 'pt-BR' }),
      201,
    ).body;
    expect(agent).toMatchObject({ metadata: {}, updated_at: agent.created_at });
    const conv = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent.id, channel: 'api' }), 201).body;
    const first = expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'Oi! Quem é você?' }), 201).body;
    expect(first.reply.content).toMatch(/\bAna\b/);

    const renamed = expectStatus(await t.http.patch(`/v1/agents/${agent.id}`).set(auth(alice)).send({ name: '  Bia ' }), 200).body;
    expect(renamed).toEqual({ ...agent, name: 'Bia', updated_at: expect.any(String) });
    expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(agent.updated_at));
    expect(expectStatus(await t.http.get(`/v1/agents/${agent.id}`).set(auth(alice)), 200).body).toEqual(renamed);
    // The conversation and its history are still there, and the agent now introduces itself as Bia.
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice)), 200).body.total).toBe(2);
    const later = expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'Quem é você mesmo?' }), 201).body;
    expect(later.reply.content).toMatch(/\bBia\b/);
    expect(later.reply.content).not.toMatch(/\bAna\b/);

    const changed = expectStatus(
      await t.http
        .patch(`/v1/agents/${agent.id}`)
        .set(auth(alice))
        .send({ soul_id: 'concise-expert', language: 'en', reply_language: 'es', metadata: { team: 'support', tier: 2 } }),
      200,
    ).body;
    expect(changed).toMatchObject({
      name: 'Bia',
      soul: 'concise-expert',
      soul_id: 'concise-expert',
      language: 'en',
      reply_language: 'es',
      metadata: { team: 'support', tier: 2 },
    });
    // null: language back to the soul's, metadata cleared; an empty body changes nothing.
    const cleared = expectStatus(await t.http.patch(`/v1/agents/${agent.id}`).set(auth(alice)).send({ language: null, metadata: null }), 200).body;
    expect(cleared).toMatchObject({ language: null, metadata: {}, reply_language: 'es', soul_id: 'concise-expert' });
    expect(expectStatus(await t.http.patch(`/v1/agents/${agent.id}`).set(auth(alice)).send({}), 200).body).toMatchObject({
      ...cleared,
      updated_at: expect.any(String),
    });
    // Created with metadata too.
    const tagged = expectStatus(
      await t.http
        .post('/v1/agents')
        .set(auth(alice))
        .send({ name: 'Tag', soul_id: 'concise-expert', metadata: { a: 1 } }),
      201,
    ).body;
    expect(tagged.metadata).toEqual({ a: 1 });
    expectStatus(await t.http.delete(`/v1/agents/${tagged.id}`).set(auth(alice)), 200);
  });

  it('PATCH validates as the create does (422 with the field, unknown soul included) and changes nothing', async () => {
    const agent = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Val', soul_id: 'friendly-support' }), 201).body;
    const patch = (body: unknown) =>
      t.http
        .patch(`/v1/agents/${agent.id}`)
        .set(auth(alice))
        .send(body as object);
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'body.name', 'missing'],
      [{ name: null }, 'body.name', 'null_not_allowed'],
      [{ name: 'x'.repeat(121) }, 'body.name', 'string_too_long'],
      [{ name: 5 }, 'body.name', 'string_type'],
      [{ soul_id: 'Not A Soul!' }, 'body.soul_id', 'value_error'],
      [{ soul_id: 'no-such-soul' }, 'body.soul_id', 'value_error'],
      [{ soul_id: null }, 'body.soul_id', 'null_not_allowed'],
      [{ language: 'pt_BR' }, 'body.language', 'value_error'],
      [{ reply_language: 'automatic' }, 'body.reply_language', 'value_error'],
      [{ reply_language: null }, 'body.reply_language', 'null_not_allowed'],
      [{ metadata: [1, 2] }, 'body.metadata', 'dict_type'],
      [{ metadata: { blob: 'x'.repeat(17 * 1024) } }, 'body.metadata', 'too_long'],
    ];
    for (const [body, loc, type] of cases) {
      const res = expectStatus(await patch(body), 422).body;
      expect(res).toMatchObject({ error: 'validation_error', status: 422 });
      expect(
        res.details.map((d: { loc: string[]; type: string }) => [d.loc.join('.'), d.type]),
        JSON.stringify(body).slice(0, 80),
      ).toEqual([[loc, type]]);
    }
    expect(expectStatus(await t.http.get(`/v1/agents/${agent.id}`).set(auth(alice)), 200).body).toEqual(agent);
    expectStatus(await t.http.delete(`/v1/agents/${agent.id}`).set(auth(alice)), 200);
  });

  it("PATCH answers 401 without a key and 404 for another account's (or an unknown) agent, changing nothing", async () => {
    const agent = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Mine', soul_id: 'friendly-support' }), 201).body;
    for (const headers of [{}, { Authorization: 'Bearer msg_live_nope' }]) {
      const res = expectStatus(await t.http.patch(`/v1/agents/${agent.id}`).set(headers).send({ name: 'Stolen' }), 401);
      expect(res.body).toMatchObject({ error: 'unauthorized', status: 401, message: expect.any(String) });
    }
    const foreign = expectStatus(await t.http.patch(`/v1/agents/${agent.id}`).set(auth(bob)).send({ name: 'Stolen' }), 404);
    expect(foreign.body).toEqual({ error: 'not_found', message: `Agent ${agent.id} not found`, status: 404 });
    expectStatus(await t.http.patch('/v1/agents/agt_nope').set(auth(alice)).send({ name: 'X' }), 404);
    expect(expectStatus(await t.http.get(`/v1/agents/${agent.id}`).set(auth(alice)), 200).body).toEqual(agent);
    expectStatus(await t.http.delete(`/v1/agents/${agent.id}`).set(auth(alice)), 200);
  });

  it("never shows another account's agent", async () => {
    const mine = (await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Private', soul_id: 'concise-expert' })).body;
    const seen = expectStatus(await t.http.get(`/v1/agents/${mine.id}`).set(auth(bob)), 404);
    expect(seen.body).toEqual({ error: 'not_found', message: `Agent ${mine.id} not found`, status: 404 });
    expectStatus(await t.http.delete(`/v1/agents/${mine.id}`).set(auth(bob)), 404);
    expect((await t.http.get('/v1/agents').set(auth(bob))).body).toEqual({ data: [], total: 0 });
    expectStatus(await t.http.get(`/v1/agents/${mine.id}`).set(auth(alice)), 200);
  });

  it('echoes at most 64 characters of a requested id', async () => {
    const id = `agt_${'b'.repeat(5000)}`;
    const res = expectStatus(await t.http.get(`/v1/agents/${id}`).set(auth(alice)), 404);
    expect(res.body).toEqual({ error: 'not_found', message: `Agent ${id.slice(0, 64)}… not found`, status: 404 });
    const route = expectStatus(await t.http.get(`/v1/${'c'.repeat(5000)}`).set(auth(alice)), 404);
    expect(route.body.message).toBe(`No route for GET /v1/${'c'.repeat(60)}…`);
  });

  it('replays an idempotent create and refuses the key with another body', async () => {
    const key = { 'Idempotency-Key': 'create-agent-1' };
    const first = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).set(key).send({ name: 'Once', soul_id: 'concise-expert' }), 201);
    const again = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).set(key).send({ name: 'Once', soul_id: 'concise-expert' }), 201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).set(key).send({ name: 'Twice', soul_id: 'concise-expert' }), 409);
    expect(other.body.error).toBe('idempotency_key_reused');
    const names = (await t.http.get('/v1/agents').set(auth(alice))).body.data.map((a: { name: string }) => a.name);
    expect(names.filter((n: string) => n === 'Once')).toHaveLength(1);
    expect(names).not.toContain('Twice');
  });
});

describe('messaging souls and agent souls', () => {
  let t: TestApp<MessagingConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  const auth = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });

  beforeAll(async () => {
    // Private webhook URLs: a paused webhook on loopback records (held) deliveries without sending anything.
    t = await createTestApp(messagingService, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  it('lists the soul catalogue and shows one soul', async () => {
    const list = expectStatus(await t.http.get('/v1/souls').set(auth(alice)), 200).body;
    expect(list.total).toBe(list.data.length);
    expect(list.total).toBeGreaterThan(2);
    const ids = list.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['friendly-support', 'concise-expert']));
    expect(list.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      tone: expect.any(String),
      language: expect.any(String),
      style_rules: expect.any(Array),
      greeting: expect.any(String),
    });
    const one = expectStatus(await t.http.get('/v1/souls/concise-expert').set(auth(alice)), 200).body;
    expect(one.id).toBe('concise-expert');
    expect(expectStatus(await t.http.get('/v1/souls/nope').set(auth(alice)), 404).body).toMatchObject({ error: 'not_found', status: 404 });
    expect(expectStatus(await t.http.get('/v1/souls'), 401).body.error).toBe('unauthorized');
  });

  it('refuses an unknown soul_id with 422 and stores nothing', async () => {
    const res = expectStatus(await t.http.post('/v1/agents').set(auth(bob)).send({ name: 'Ghost', soul_id: 'no-such-soul' }), 422);
    expect(res.body).toMatchObject({ error: 'validation_error', status: 422 });
    expect(res.body.details).toEqual([{ loc: ['body', 'soul_id'], msg: expect.stringContaining('GET /v1/souls'), type: 'value_error' }]);
    expect((await t.http.get('/v1/agents').set(auth(bob))).body.total).toBe(0);
  });

  it('deletes an agent with its conversations and messages', async () => {
    const agent = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Doomed', soul_id: 'friendly-support' }), 201).body;
    const keep = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Kept', soul_id: 'friendly-support' }), 201).body;
    const conv = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent.id, channel: 'api' }), 201).body;
    const other = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: keep.id, channel: 'api' }), 201).body;
    expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'hello' }), 201);
    expectStatus(await t.http.post(`/v1/conversations/${other.id}/messages`).set(auth(alice)).send({ content: 'hello' }), 201);
    await t.drainQueue();

    expectStatus(await t.http.delete(`/v1/agents/${agent.id}`).set(auth(alice)), 200);
    expectStatus(await t.http.get(`/v1/conversations/${conv.id}`).set(auth(alice)), 404);
    expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice)), 404);
    const left = (await t.http.get('/v1/conversations').set(auth(alice))).body;
    expect(left.data.map((c: { id: string }) => c.id)).toEqual([other.id]);
    expect((await t.http.get(`/v1/conversations/${other.id}/messages`).set(auth(alice))).body.total).toBe(2);
  });

  it("deletes an agent with its channels, facts and webhook deliveries (each feature removes its own), and nothing of another agent's", async () => {
    const carol = await t.account('carol');
    expectStatus(await t.http.put('/v1/settings/webhook').set(auth(carol)).send({ url: 'http://127.0.0.1:9/hooks', enabled: false }), 200);
    const ids: Record<string, { agent: string; conversation: string }> = {};
    for (const name of ['doomed', 'kept']) {
      const agent = expectStatus(await t.http.post('/v1/agents').set(auth(carol)).send({ name, soul_id: 'friendly-support' }), 201).body;
      expectStatus(await t.http.post('/v1/channels').set(auth(carol)).send({ kind: 'api', agent_id: agent.id }), 201);
      const conv = expectStatus(await t.http.post('/v1/conversations').set(auth(carol)).send({ agent_id: agent.id, channel: 'api' }), 201).body;
      expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(carol)).send({ content: 'My name is Ana and my order is 31337.' }), 201);
      ids[name] = { agent: agent.id, conversation: conv.id };
    }
    await t.drainQueue();
    const ds = t.app.get(DataSource);
    const counts = async ({ agent, conversation }: { agent: string; conversation: string }) => {
      const [row] = await ds.query(
        `SELECT (SELECT count(*) FROM messaging.channels WHERE agent_id = $1)::int AS channels,
                (SELECT count(*) FROM messaging.conversations WHERE agent_id = $1)::int AS conversations,
                (SELECT count(*) FROM messaging.messages WHERE conversation_id = $2)::int AS messages,
                (SELECT count(*) FROM messaging.conversation_facts WHERE conversation_id = $2)::int AS facts,
                (SELECT count(*) FROM messaging.webhook_deliveries WHERE agent_id = $1 OR conversation_id = $2)::int AS deliveries`,
        [agent, conversation],
      );
      return row as Record<string, number>;
    };
    const before = await counts(ids.doomed);
    expect(before).toMatchObject({ channels: 1, conversations: 1, deliveries: 1 });
    expect(before.messages).toBeGreaterThanOrEqual(2);
    expect(before.facts).toBeGreaterThanOrEqual(1);
    const kept = await counts(ids.kept);

    expectStatus(await t.http.delete(`/v1/agents/${ids.doomed.agent}`).set(auth(carol)), 200);
    expect(await counts(ids.doomed)).toEqual({ channels: 0, conversations: 0, messages: 0, facts: 0, deliveries: 0 });
    expect(await counts(ids.kept)).toEqual(kept);
    expect((await t.http.get('/v1/webhook-deliveries').set(auth(carol))).body.total).toBe(1);
  });
});
