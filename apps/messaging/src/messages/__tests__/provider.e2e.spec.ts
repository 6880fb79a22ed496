import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { loadMessagingConfig } from '../../config';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation, FakeServer, fakeServer, json, Recorded, until } from '../../__tests__/helpers';

/** Answers like OpenAI's chat-completions endpoint. */
function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

type Mode = 'ok' | 'fail' | 'slow' | 'unauthorized';

describe('messaging replies through an OpenAI-compatible provider', () => {
  let t: App;
  let alice: TestAccount;
  let llm: FakeServer;
  let agentId: string;
  /** What the provider does for the next calls (the last entry repeats). */
  let script: Mode[] = ['ok'];
  let calls = 0;

  beforeAll(async () => {
    llm = await fakeServer(async (req: Recorded, res) => {
      const mode = script[Math.min(calls, script.length - 1)];
      calls++;
      if (req.url !== '/v1/chat/completions') return json(res, 404, { error: { message: 'no route' } });
      if (mode === 'fail') return json(res, 503, { error: { message: 'overloaded', type: 'server_error' } });
      if (mode === 'unauthorized') return json(res, 401, { error: { message: 'bad key', type: 'invalid_request_error' } });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 6000));
      const body = JSON.parse(req.body) as { messages: { role: string; content: string }[] };
      const last = body.messages[body.messages.length - 1];
      json(res, 200, completion(`echo: ${last.content}`));
    });
    t = await createTestApp(messagingService, {
      env: {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: `${llm.url}/v1`,
        LLM_MODEL: 'test-model',
        OPENAI_API_KEY: 'sk-test',
        // Wide enough for a cold process's first reply on a loaded machine (600 ms was missed under a load average of 20+).
        LLM_TIMEOUT_MS: '2500',
        REPLY_RETRY_BACKOFF_MS: '50',
        REPLY_MAX_ATTEMPTS: '3',
      },
    });
    alice = await t.account('alice');
    agentId = (await createAgent(t, alice, { soul_id: 'concise-expert' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  const post = (conv: string, content: string) => t.http.post(`/v1/conversations/${conv}/messages`).set(auth(alice)).send({ content });
  const history = async (conv: string) =>
    expectStatus(await t.http.get(`/v1/conversations/${conv}/messages`).set(auth(alice)), 200).body.data as {
      id: string;
      role: string;
      content: string;
      reply_status: string | null;
      reply_to_id: string | null;
      provider: string | null;
    }[];

  it('sends the soul as system prompt with the recent history and stores the reply', async () => {
    script = ['ok'];
    const conv = await createConversation(t, alice, agentId);
    const first = expectStatus(await post(conv.id, 'What is 2+2?'), 201).body;
    expect(first).toMatchObject({
      reply_status: 'completed',
      reply: { role: 'assistant', content: 'echo: What is 2+2?', provider: 'openai-compatible', model: 'test-model' },
    });
    llm.requests.length = 0;
    expectStatus(await post(conv.id, 'And 3+3?'), 201);
    const sent = JSON.parse(llm.requests[0].body) as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('test-model');
    expect(sent.messages[0].role).toBe('system');
    // The agent (named Bot by createAgent) plays the concise-expert soul under its own name.
    expect(sent.messages[0].content).toMatch(/^You are Bot\. A senior specialist/);
    expect(sent.messages[0].content).not.toContain('Morgan');
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: 'echo: What is 2+2?' },
      { role: 'user', content: 'And 3+3?' },
    ]);
  });

  it('keeps the message when the provider fails, says the reply is pending and stores it after a retry', async () => {
    calls = 0;
    script = ['fail', 'fail', 'ok'];
    const conv = await createConversation(t, alice, agentId);
    const res = expectStatus(await post(conv.id, 'Are you there?'), 201).body;
    expect(res).toMatchObject({ reply: null, reply_status: 'pending', message: { content: 'Are you there?', reply_status: 'pending' } });
    await t.drainQueue();
    const done = await until(
      async () => {
        const h = await history(conv.id);
        return h.length === 2 ? h : null;
      },
      15_000,
      'the retried reply',
    );
    expect(done[0]).toMatchObject({ id: res.message.id, role: 'user', reply_status: 'completed' });
    expect(done[1]).toMatchObject({ role: 'assistant', content: 'echo: Are you there?', reply_to_id: res.message.id, provider: 'openai-compatible' });
    expect(calls).toBe(3);
  });

  it('treats a timeout like a failure: pending, then answered by the retry', async () => {
    calls = 0;
    script = ['slow', 'ok'];
    const conv = await createConversation(t, alice, agentId);
    const started = Date.now();
    const res = expectStatus(await post(conv.id, 'Slow one'), 201).body;
    expect(Date.now() - started).toBeLessThan(5500);
    expect(res.reply_status).toBe('pending');
    await t.drainQueue();
    const done = await until(
      async () => {
        const h = await history(conv.id);
        return h.length === 2 ? h : null;
      },
      15_000,
      'the reply after a timeout',
    );
    expect(done[1].content).toBe('echo: Slow one');
  });

  it('marks the reply failed when the provider refuses for good or keeps failing', async () => {
    calls = 0;
    script = ['unauthorized'];
    const conv = await createConversation(t, alice, agentId);
    const refused = expectStatus(await post(conv.id, 'Hello?'), 201).body;
    expect(refused).toMatchObject({ reply: null, reply_status: 'failed' });

    calls = 0;
    script = ['fail'];
    const conv2 = await createConversation(t, alice, agentId);
    expect(expectStatus(await post(conv2.id, 'Anyone?'), 201).body.reply_status).toBe('pending');
    await t.drainQueue();
    const failed = await until(
      async () => {
        const h = await history(conv2.id);
        return h[0].reply_status === 'failed' ? h : null;
      },
      15_000,
      'the reply to fail',
    );
    expect(failed).toHaveLength(1);
    expect(calls).toBe(1 + 3);
    script = ['ok'];
  });
});

describe('messaging provider configuration', () => {
  it('reports incomplete provider settings together', () => {
    expect(() => loadMessagingConfig({ LLM_PROVIDER: 'openai-compatible' })).toThrow(/LLM_BASE_URL[\s\S]*LLM_MODEL/);
    expect(() => loadMessagingConfig({ LLM_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadMessagingConfig({ LLM_PROVIDER: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY/);
    expect(loadMessagingConfig({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'k' }).llm).toMatchObject({ provider: 'anthropic', apiKey: 'k' });
    expect(loadMessagingConfig({}).llm.provider).toBe('builtin');
  });
});
