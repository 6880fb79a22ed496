import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation } from '../../__tests__/helpers';

describe('messaging /v1/conversations', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    agentId = (await createAgent(t, alice)).id;
  });
  afterAll(() => t?.close());

  it('starts a conversation and reads it back', async () => {
    const res = expectStatus(
      await t.http
        .post('/v1/conversations')
        .set(auth(alice))
        .send({ agent_id: agentId, channel: 'api', external_id: 'cust-1', metadata: { plan: 'pro' } }),
      201,
    ).body;
    expect(res).toMatchObject({
      agent_id: agentId,
      channel: 'api',
      channel_id: null,
      external_id: 'cust-1',
      metadata: { plan: 'pro' },
      status: 'active',
      message_count: 0,
      last_message_at: null,
    });
    expect(res.id).toMatch(/^cnv_[0-9a-z]{26}$/);
    expect(expectStatus(await t.http.get(`/v1/conversations/${res.id}`).set(auth(alice)), 200).body).toEqual(res);
  });

  it('answers 422 with the failing fields', async () => {
    const res = expectStatus(
      await t.http
        .post('/v1/conversations')
        .set(auth(alice))
        .send({ channel: 'fax', metadata: [1], external_id: 5 }),
      422,
    );
    expect(res.body).toMatchObject({ error: 'validation_error', status: 422 });
    const locs = res.body.details.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.agent_id', 'body.channel', 'body.metadata', 'body.external_id']));
    const big = await t.http
      .post('/v1/conversations')
      .set(auth(alice))
      .send({ agent_id: agentId, channel: 'api', metadata: { x: 'y'.repeat(20_000) } });
    expect(big.status).toBe(422);
    expect(big.body.details[0].loc).toEqual(['body', 'metadata']);
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'status=open', 'cursor=%21%21']) {
      const r = await t.http.get(`/v1/conversations?${q}`).set(auth(alice));
      expect(r.status, q).toBe(422);
      expect(r.body.details[0].loc[0]).toBe('query');
    }
    // Not a cursor at all, and a well-formed one whose date JavaScript parses but PostgreSQL does not.
    for (const cursor of ['bm90LWEtY3Vyc29y', Buffer.from(JSON.stringify(['2026', 'cnv_x'])).toString('base64url')]) {
      const badCursor = await t.http.get(`/v1/conversations?cursor=${cursor}`).set(auth(alice));
      expect(badCursor.status, cursor).toBe(422);
      expect(badCursor.body.details).toEqual([{ loc: ['query', 'cursor'], msg: 'Invalid cursor', type: 'value_error' }]);
    }
  });

  it('treats metadata null as {} on POST and PATCH (PATCH clears it), and refuses a null status without changing anything', async () => {
    const created = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agentId, channel: 'api', metadata: null }), 201).body;
    expect(created.metadata).toEqual({});
    const conv = expectStatus(
      await t.http
        .post('/v1/conversations')
        .set(auth(alice))
        .send({ agent_id: agentId, channel: 'api', metadata: { plan: 'pro' } }),
      201,
    ).body;

    const cleared = expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ metadata: null }), 200).body;
    expect(cleared).toMatchObject({ metadata: {}, status: 'active' });
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}`).set(auth(alice)), 200).body.metadata).toEqual({});

    expectStatus(
      await t.http
        .patch(`/v1/conversations/${conv.id}`)
        .set(auth(alice))
        .send({ metadata: { plan: 'team' } }),
      200,
    );
    const nullStatus = expectStatus(
      await t.http
        .patch(`/v1/conversations/${conv.id}`)
        .set(auth(alice))
        .send({ status: null, metadata: { plan: 'x' } }),
      422,
    ).body;
    expect(nullStatus.details).toEqual([{ loc: ['body', 'status'], msg: 'status may not be null; omit the field instead', type: 'null_not_allowed' }]);
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}`).set(auth(alice)), 200).body).toMatchObject({
      status: 'active',
      metadata: { plan: 'team' },
    });
  });

  it('reports a value of the wrong type with one message, and blank text like empty text', async () => {
    const res = expectStatus(
      await t.http
        .post('/v1/conversations')
        .set(auth(alice))
        .send({ agent_id: 7, channel: ['api'], external_id: {}, metadata: 'x' }),
      422,
    ).body;
    expect(res.details).toEqual([
      { loc: ['body', 'agent_id'], msg: 'agent_id must be a string', type: 'string_type' },
      { loc: ['body', 'channel'], msg: 'channel must be a string', type: 'string_type' },
      { loc: ['body', 'external_id'], msg: 'external_id must be a string', type: 'string_type' },
      { loc: ['body', 'metadata'], msg: 'metadata must be an object', type: 'dict_type' },
    ]);
    for (const blank of ['', '   ', '\t\u200b']) {
      const r = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: blank, channel: 'api', external_id: blank }), 422).body;
      expect(r.details, JSON.stringify(blank)).toEqual([
        { loc: ['body', 'agent_id'], msg: 'agent_id must not be empty or blank', type: 'missing' },
        { loc: ['body', 'external_id'], msg: 'external_id must not be empty or blank', type: 'missing' },
      ]);
    }
  });

  it('answers 401 without a key', async () => {
    for (const r of [
      await t.http.get('/v1/conversations'),
      await t.http.post('/v1/conversations').send({ agent_id: agentId, channel: 'api' }),
      await t.http.get('/v1/conversations/cnv_x'),
      await t.http.patch('/v1/conversations/cnv_x').send({ status: 'closed' }),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ error: 'unauthorized', status: 401 });
    }
  });

  it("never shows or touches another account's conversations or agents", async () => {
    const conv = await createConversation(t, alice, agentId);
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}`).set(auth(bob)), 404).body).toEqual({
      error: 'not_found',
      message: `Conversation ${conv.id} not found`,
      status: 404,
    });
    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(bob)).send({ status: 'closed' }), 404);
    const withTheirAgent = expectStatus(await t.http.post('/v1/conversations').set(auth(bob)).send({ agent_id: agentId, channel: 'api' }), 404);
    expect(withTheirAgent.body.error).toBe('not_found');
    expect((await t.http.get('/v1/conversations').set(auth(bob))).body).toEqual({ data: [], total: 0, next_cursor: null });
    expect((await t.http.get(`/v1/conversations?agent_id=${agentId}`).set(auth(bob))).body.total).toBe(0);
  });

  it('follows the documented status transitions', async () => {
    const conv = await createConversation(t, alice, agentId);
    const waiting = expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'waiting' }), 200).body;
    expect(waiting.status).toBe('waiting');
    const back = expectStatus(
      await t.http
        .patch(`/v1/conversations/${conv.id}`)
        .set(auth(alice))
        .send({ status: 'active', metadata: { a: 1 } }),
      200,
    ).body;
    expect(back).toMatchObject({ status: 'active', metadata: { a: 1 } });
    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'closed' }), 200);
    const reopen = expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'active' }), 409);
    expect(reopen.body).toMatchObject({ error: 'conversation_closed', status: 409, current_status: 'closed' });
    const bad = expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'archived' }), 422);
    expect(bad.body.details[0].loc).toEqual(['body', 'status']);
  });

  it('lists newest first with filters and a cursor that is stable under concurrent inserts', async () => {
    const carol = await t.account('carol');
    const a1 = (await createAgent(t, carol)).id;
    const a2 = (await createAgent(t, carol)).id;
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await createConversation(t, carol, i % 2 ? a2 : a1)).id);
    expectStatus(await t.http.patch(`/v1/conversations/${created[0]}`).set(auth(carol)).send({ status: 'closed' }), 200);

    const all = expectStatus(await t.http.get('/v1/conversations').set(auth(carol)), 200).body;
    expect(all.total).toBe(7);
    expect(all.next_cursor).toBeNull();
    expect(all.data.map((c: { id: string }) => c.id)).toEqual([...created].reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { data: { id: string }[]; total: number; next_cursor: string | null } = expectStatus(
        await t.http.get(`/v1/conversations?limit=3${cursor ? `&cursor=${cursor}` : ''}`).set(auth(carol)),
        200,
      ).body;
      expect(page.total).toBe(7 + (pages > 0 ? 1 : 0));
      seen.push(...page.data.map((c) => c.id));
      cursor = page.next_cursor;
      // A conversation created while paging shows up on no later page and shifts nothing.
      if (pages === 0) await createConversation(t, carol, a1);
      pages++;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
    expect(pages).toBe(3);

    const byAgent = (await t.http.get(`/v1/conversations?agent_id=${a2}`).set(auth(carol))).body;
    expect(byAgent.total).toBe(3);
    expect(byAgent.data.every((c: { agent_id: string }) => c.agent_id === a2)).toBe(true);
    const closed = (await t.http.get('/v1/conversations?status=closed').set(auth(carol))).body;
    expect(closed.data.map((c: { id: string }) => c.id)).toEqual([created[0]]);
    expect((await t.http.get(`/v1/conversations?status=active&agent_id=${a1}`).set(auth(carol))).body.total).toBe(4);
  });
});
