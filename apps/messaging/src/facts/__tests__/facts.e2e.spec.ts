import { startFakeLlmServer, type FakeLlmServer } from '@platform/conversation/testing';
import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation, until } from '../../__tests__/helpers';

interface FactRecord {
  kind: string;
  key: string;
  value: string;
  text: string;
  source_message_id: string;
  updated_at: string;
}

// The structured facts (the statements, kind `statement`, are kept beside them: see the statement memory test).
const structured = (facts: FactRecord[]) => facts.filter((f) => f.kind !== 'statement');
const kv = (facts: FactRecord[]) =>
  structured(facts)
    .map((f) => `${f.kind}/${f.key}=${f.value}`)
    .sort();

describe('messaging conversation facts: memory beyond the history window (built-in engine)', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let agentId: string;

  beforeAll(async () => {
    // Two earlier messages reach the engine: anything older is known only through the facts.
    t = await createTestApp(messagingService, { env: { LLM_HISTORY_TURNS: '2', RATE_LIMIT_PER_MINUTE: '100000' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    agentId = (await createAgent(t, alice, { soul_id: 'friendly-support-en' })).id;
  });
  afterAll(() => t?.close());

  const post = (conv: string, content: string, role?: string) =>
    t.http
      .post(`/v1/conversations/${conv}/messages`)
      .set(auth(alice))
      .send(role ? { content, role } : { content });
  const facts = async (a: TestAccount, conv: string) => expectStatus(await t.http.get(`/v1/conversations/${conv}/facts`).set(auth(a)), 200).body;

  it('GET …/facts lists what the user told, with the message each came from; an operator message tells nothing', async () => {
    const conv = await createConversation(t, alice, agentId);
    expect(await facts(alice, conv.id)).toEqual({ data: [], total: 0 });
    const first = expectStatus(await post(conv.id, 'Hi, my name is Daniel and my order number is 77310.'), 201).body;
    const second = expectStatus(await post(conv.id, 'My email is daniel@example.com and I love jazz.'), 201).body;
    expectStatus(await post(conv.id, 'Operator note: the customer email is someone@else.com', 'assistant'), 201);
    const list = await facts(alice, conv.id);
    expect(list.total).toBe(6);
    expect(kv(list.data)).toEqual(['contact/email=daniel@example.com', 'identifier/order=77310', 'name/name=Daniel', 'preference/likes=jazz']);
    // Beside them, what the user said, sentence by sentence, in its language (the built-in engine's statement memory).
    expect(list.data.filter((f: FactRecord) => f.kind === 'statement').map((f: FactRecord) => [f.key, f.text, f.source_message_id])).toEqual([
      ['en', 'Hi, my name is Daniel and my order number is 77310.', first.message.id],
      ['en', 'My email is daniel@example.com and I love jazz.', second.message.id],
    ]);
    const order = list.data.find((f: FactRecord) => f.key === 'order');
    expect(order).toEqual({
      kind: 'identifier',
      key: 'order',
      value: '77310',
      text: 'Order number: 77310',
      source_message_id: first.message.id,
      updated_at: first.message.created_at,
    });
    expect(list.data.find((f: FactRecord) => f.key === 'email').source_message_id).toBe(second.message.id);
    // Oldest first.
    expect(list.data.map((f: FactRecord) => f.updated_at)).toEqual([...list.data.map((f: FactRecord) => f.updated_at)].sort());
  });

  it('a later fact of the same slot replaces the earlier (the user corrects the order number), and the reply uses it', async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(conv.id, 'My order number is 11111.'), 201);
    const fix = expectStatus(await post(conv.id, 'Sorry, my order number is actually 22222.'), 201).body;
    const list = await facts(alice, conv.id);
    expect(kv(list.data)).toEqual(['identifier/order=22222']);
    expect(structured(list.data)[0].source_message_id).toBe(fix.message.id);
    const reply = expectStatus(await post(conv.id, "What's my order number?"), 201).body.reply.content;
    expect(reply).toContain('22222');
    expect(reply).not.toContain('11111');
  });

  it('a fact given at the start is still known long after it left the history window', async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(conv.id, "Hi, I'm Carla."), 201);
    expectStatus(await post(conv.id, 'The tracking code is BR998877665BR.'), 201);
    for (let k = 0; k < 10; k++) expectStatus(await post(conv.id, k % 2 ? 'ok' : 'The weather is nice today.'), 201);
    const reply = expectStatus(await post(conv.id, 'Can you remind me of my tracking code and my name?'), 201).body.reply.content;
    expect(reply).toContain('BR998877665BR');
    expect(reply).toContain('Carla');
  });

  it("stores a bare answer to the agent's question with the reply, dated by the answer", async () => {
    const conv = await createConversation(t, alice, agentId);
    const asked = expectStatus(await post(conv.id, 'My package never arrived'), 201).body.reply.content;
    expect(asked).toMatch(/order number/i);
    const answer = expectStatus(await post(conv.id, "It's 31337"), 201).body;
    const list = await facts(alice, conv.id);
    expect(structured(list.data)).toEqual([
      expect.objectContaining({
        kind: 'identifier',
        key: 'order',
        value: '31337',
        source_message_id: answer.message.id,
        updated_at: answer.message.created_at,
      }),
    ]);
  });

  it('never keeps a password or a card number', async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(conv.id, 'My password is hunter22 and my card number is 4111 1111 1111 1111.'), 201);
    expectStatus(await post(conv.id, 'minha senha é 123456'), 201);
    expect((await facts(alice, conv.id)).data).toEqual([]);
  });

  it('loses nothing when messages arrive at once: each fact is written with its message', async () => {
    const conv = await createConversation(t, alice, agentId);
    const statements = [
      'My name is Priya.',
      'My email is priya@example.org.',
      'My phone number is +44 7700 900123.',
      'My order number is 40012.',
      'My ticket number is TCK-55821.',
      'I live in Leeds.',
      'I love climbing.',
      'My goal is to run a marathon.',
    ];
    const results = await Promise.all(statements.map((s) => post(conv.id, s)));
    for (const r of results) expectStatus(r, 201);
    expect(kv((await facts(alice, conv.id)).data)).toEqual([
      'contact/email=priya@example.org',
      'contact/phone=+44 7700 900123',
      'goal/goal=to run a marathon',
      'identifier/order=40012',
      'identifier/ticket=TCK-55821',
      'location/lives_in=Leeds',
      'name/name=Priya',
      'preference/likes=climbing',
    ]);
  });

  it("answers 401 without a key and 404 for an unknown or another account's conversation; the facts go with the agent", async () => {
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(conv.id, 'My order number is 88412.'), 201);
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}/facts`), 401).body).toMatchObject({ error: 'unauthorized', status: 401 });
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}/facts`).set(auth(bob)), 404).body).toMatchObject({ error: 'not_found', status: 404 });
    expectStatus(await t.http.get('/v1/conversations/cnv_00000000000000000000000000/facts').set(auth(alice)), 404);

    const doomed = (await createAgent(t, alice, { name: 'Doomed', soul_id: 'friendly-support-en' })).id;
    const gone = await createConversation(t, alice, doomed);
    expectStatus(await post(gone.id, 'My order number is 55555.'), 201);
    expectStatus(await t.http.delete(`/v1/agents/${doomed}`).set(auth(alice)), 200);
    const left = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM messaging.conversation_facts WHERE conversation_id = $1`, [gone.id]);
    expect(left[0].n).toBe(0);
  });
});

describe('messaging conversation facts reach an LLM provider', () => {
  let t: App;
  let alice: TestAccount;
  let llm: FakeLlmServer;
  let agentId: string;

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestApp(messagingService, {
      env: {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: 'test-model',
        OPENAI_API_KEY: 'sk-test',
        LLM_HISTORY_TURNS: '2',
        LLM_TIMEOUT_MS: '2000',
        REPLY_RETRY_BACKOFF_MS: '50',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    alice = await t.account('alice');
    agentId = (await createAgent(t, alice, { soul_id: 'friendly-support', language: 'pt-BR' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  const post = (conv: string, content: string) => t.http.post(`/v1/conversations/${conv}/messages`).set(auth(alice)).send({ content });
  const system = (k = -1) => (llm.requests.at(k)!.body['messages'] as Array<{ role: string; content: string }>)[0];

  it('the system prompt carries the facts the history window no longer does, and the language the user writes in', async () => {
    llm.behave({ kind: 'reply', text: 'Ok!' });
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await post(conv.id, 'Hi, I am Bruno and I love jazz.'), 201);
    expectStatus(await post(conv.id, 'My order number is 11111.'), 201);
    expectStatus(await post(conv.id, 'Sorry, my order number is actually 22222.'), 201);
    for (let k = 0; k < 3; k++) expectStatus(await post(conv.id, 'The weather is nice.'), 201);
    expectStatus(await post(conv.id, 'What is my order number?'), 201);
    const sent = llm.requests.at(-1)!.body['messages'] as Array<{ role: string; content: string }>;
    expect(
      sent
        .slice(1)
        .map((m) => m.content)
        .join('\n'),
    ).not.toContain('22222'); // out of the window…
    expect(system().content).toContain('- Order number: 22222'); // …but remembered
    expect(system().content).not.toContain('11111');
    expect(system().content).toContain('- Likes jazz');
    expect(system().content).toMatch(/Name: Bruno|Their name is Bruno/);
    // A pt-BR agent, an English speaker: the prompt asks for English.
    expect(system().content).toContain('Reply in English (en), the language the user is writing in');
  });

  it('a reply retried from the queue gets the facts too', async () => {
    const conv = await createConversation(t, alice, agentId);
    llm.behave({ kind: 'reply', text: 'Ok!' });
    expectStatus(await post(conv.id, 'Meu e-mail é ana@exemplo.com.br'), 201);
    for (let k = 0; k < 3; k++) expectStatus(await post(conv.id, 'Hoje está calor por aqui.'), 201);
    llm.behave({ kind: 'status', status: 503 });
    const pending = expectStatus(await post(conv.id, 'Qual é o meu e-mail?'), 201).body;
    expect(pending.reply_status).toBe('pending');
    const before = llm.requests.length;
    llm.behave({ kind: 'reply', text: 'Seu e-mail é ana@exemplo.com.br' });
    await t.drainQueue();
    await until(async () => (llm.requests.length > before ? true : null), 15_000, 'the retried reply');
    expect(system().content).toContain('- E-mail: ana@exemplo.com.br');
    expect(system().content).toContain('Reply in Brazilian Portuguese (pt-BR)');
  });
});
