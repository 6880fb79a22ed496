import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation } from '../../__tests__/helpers';

describe('messaging /v1/conversations/{id}/messages (built-in engine)', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    agentId = (await createAgent(t, alice, { soul_id: 'friendly-support', language: 'en' })).id;
  });
  afterAll(() => t?.close());

  const post = (a: TestAccount, conv: string, body: Record<string, unknown>) => t.http.post(`/v1/conversations/${conv}/messages`).set(auth(a)).send(body);

  it('stores the message and answers with the agent reply; the history is in order', async () => {
    const conv = await createConversation(t, alice, agentId);
    const res = expectStatus(
      await post(alice, conv.id, { content: 'Hi, my order has not arrived', attachments: ['https://example.com/receipt.pdf'] }),
      201,
    ).body;
    expect(res.reply_status).toBe('completed');
    expect(res.message).toMatchObject({
      conversation_id: conv.id,
      role: 'user',
      content: 'Hi, my order has not arrived',
      // A URL posted through the API is shown as an attachment of type `file`, like a platform's media.
      attachments: [{ type: 'file', url: 'https://example.com/receipt.pdf', media_id: null, mime_type: null, filename: null }],
      edited_at: null,
      reply_status: 'completed',
      reply_to_id: null,
    });
    expect(res.message.id).toMatch(/^msg_[0-9a-z]{26}$/);
    expect(res.reply).toMatchObject({ conversation_id: conv.id, role: 'assistant', reply_to_id: res.message.id, provider: 'builtin', reply_status: null });
    expect(res.reply.content.length).toBeGreaterThan(0);

    const second = expectStatus(await post(alice, conv.id, { content: 'It was order 123' }), 201).body;
    const history = expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice)), 200).body;
    expect(history.total).toBe(4);
    expect(history.next_cursor).toBeNull();
    expect(history.data.map((m: { id: string }) => m.id)).toEqual([res.message.id, res.reply.id, second.message.id, second.reply.id]);
    expect(history.data[0]).toEqual(res.message);

    const paged = expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages?limit=3`).set(auth(alice)), 200).body;
    expect(paged.data).toHaveLength(3);
    const rest = expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages?limit=3&cursor=${paged.next_cursor}`).set(auth(alice)), 200).body;
    expect(rest.data.map((m: { id: string }) => m.id)).toEqual([second.reply.id]);
    expect(rest.next_cursor).toBeNull();

    const after = (await t.http.get(`/v1/conversations/${conv.id}`).set(auth(alice))).body;
    expect(after.message_count).toBe(4);
    expect(after.last_message_at).not.toBeNull();
  });

  it('answers with the conversation so far: the agent remembers the name given two turns earlier', async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(alice, conv.id, { content: 'Hello! My name is Marina.' }), 201);
    expectStatus(await post(alice, conv.id, { content: 'My package is late.' }), 201);
    const res = expectStatus(await post(alice, conv.id, { content: 'Thanks for the help!' }), 201).body;
    expect(res.reply.content).toContain('Marina');
    // Another conversation of the same agent knows nothing of it.
    const other = await createConversation(t, alice, agentId);
    const fresh = expectStatus(await post(alice, other.id, { content: 'Thanks for the help!' }), 201).body;
    expect(fresh.reply.content).not.toContain('Marina');
  });

  it('stores operator and system messages without a reply', async () => {
    const conv = await createConversation(t, alice, agentId);
    const res = expectStatus(await post(alice, conv.id, { content: 'A human here', role: 'assistant' }), 201).body;
    expect(res).toMatchObject({ reply: null, reply_status: 'skipped', message: { role: 'assistant', reply_status: null } });
    expect((await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.total).toBe(1);
  });

  it('does not answer while waiting for a human, answers again when active, refuses a closed conversation', async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'waiting' }), 200);
    const waiting = expectStatus(await post(alice, conv.id, { content: 'anyone?' }), 201).body;
    expect(waiting).toMatchObject({ reply: null, reply_status: 'skipped', message: { reply_status: 'skipped' } });

    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'active' }), 200);
    expect(expectStatus(await post(alice, conv.id, { content: 'hello again' }), 201).body.reply_status).toBe('completed');

    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'closed' }), 200);
    const closed = expectStatus(await post(alice, conv.id, { content: 'still there?' }), 409).body;
    expect(closed).toEqual({ error: 'conversation_closed', message: expect.stringContaining('closed'), status: 409 });
    expect((await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.total).toBe(3);
  });

  it('answers 422 with the failing fields and stores nothing', async () => {
    const conv = await createConversation(t, alice, agentId);
    const res = expectStatus(await post(alice, conv.id, { role: 'robot', attachments: ['ftp://x/y', 'not a url'] }), 422).body;
    expect(res).toMatchObject({ error: 'validation_error', status: 422 });
    const locs = res.details.map((d: { loc: (string | number)[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.content', 'body.role', 'body.attachments']));
    expectStatus(await post(alice, conv.id, { content: '' }), 422);
    expectStatus(await post(alice, conv.id, { content: 'x'.repeat(8001) }), 422);
    expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages?limit=0`).set(auth(alice)), 422);
    expect((await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.total).toBe(0);
  });

  it('reports a wrong type with its type error only, refuses blank content like empty content, and stores nothing', async () => {
    const conv = await createConversation(t, alice, agentId);
    const typed = expectStatus(await post(alice, conv.id, { content: 123, attachments: 'https://example.com/a.pdf', role: 5 }), 422).body;
    expect(typed.details).toEqual([
      { loc: ['body', 'content'], msg: 'content must be a string', type: 'string_type' },
      { loc: ['body', 'role'], msg: 'role must be one of user, assistant, system', type: 'enum' },
      { loc: ['body', 'attachments'], msg: 'attachments must be an array', type: 'list_type' },
    ]);
    const element = expectStatus(await post(alice, conv.id, { content: 'see attached', attachments: ['https://example.com/a.pdf', 42] }), 422).body;
    expect(element.details).toEqual([{ loc: ['body', 'attachments'], msg: 'each value in attachments must be a string', type: 'string_type' }]);
    const blank = [{ loc: ['body', 'content'], msg: 'content must not be empty or blank', type: 'missing' }];
    for (const content of ['', ' ', '\n\t  ', '\u00a0\u200b']) {
      expect(expectStatus(await post(alice, conv.id, { content }), 422).body.details, JSON.stringify(content)).toEqual(blank);
    }
    expect((await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.total).toBe(0);
    // Text around the words is kept as written.
    expect(expectStatus(await post(alice, conv.id, { content: '  hello  ' }), 201).body.message.content).toBe('  hello  ');
  });

  it('answers 401 without a key and 404 for another account', async () => {
    const conv = await createConversation(t, alice, agentId);
    expect(expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).send({ content: 'hi' }), 401).body.error).toBe('unauthorized');
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`), 401).body.error).toBe('unauthorized');
    expect(expectStatus(await post(bob, conv.id, { content: 'hi' }), 404).body).toEqual({
      error: 'not_found',
      message: `Conversation ${conv.id} not found`,
      status: 404,
    });
    expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(bob)), 404);
    expect((await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.total).toBe(0);
  });
});
