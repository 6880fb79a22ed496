import { startFakeLlmServer, FakeLlmServer } from '@platform/conversation/testing';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';

type Turn = { id: string; message: string; status: string; response: string | null; completed_at: string | null; error: string | null };

// The provider path through the real AI SDK against a local server that speaks the OpenAI wire format.
describe('entity messages with an LLM provider', () => {
  let llm: FakeLlmServer;
  let t: TestApp<EntityConfig>;
  let owner: TestAccount;
  let entityId: string;
  const bearer = () => ({ Authorization: `Bearer ${owner.key}` });

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    t = await createTestApp(entityService, {
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', MESSAGE_WAIT_MS: '150', LLM_TIMEOUT_MS: '5000' },
    });
    owner = await t.account('owner');
    entityId = (await t.http.post('/api/v1/entities').set(bearer()).send({ name: 'Lia', purpose: 'A friendly companion' })).body.entity.id;
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  async function history(endUser: string): Promise<Turn[]> {
    return (await t.http.get(`/api/v1/entities/${entityId}/messages?end_user_id=${endUser}`).set(bearer())).body.data;
  }

  async function settled(endUser: string, count: number): Promise<Turn[]> {
    for (let i = 0; i < 100; i++) {
      const rows = await history(endUser);
      if (rows.length >= count && rows.every((r) => r.status !== 'pending')) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('turns did not settle');
  }

  /** Sends a turn and waits until every turn of this end user has settled (answered 200 or 202). */
  async function turn(message: string, endUser: string): Promise<Turn[]> {
    const res = await t.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer()).send({ message, end_user_id: endUser });
    expect([200, 202]).toContain(res.status);
    const before = (await history(endUser)).length;
    return settled(endUser, before);
  }

  it('answers 202 with pending past the wait, and the turn completes for a client that polls', async () => {
    llm.behave({ kind: 'slow', delayMs: 700, text: 'Sorry for the wait, Ana!' });
    const res = expectStatus(
      await t.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer()).send({ message: 'My name is Ana.', end_user_id: 'ana' }),
      202,
    ).body;
    expect(res).toEqual({ ok: true, pending: true, interaction_id: expect.stringMatching(/^int_/) });
    const pending = await history('ana');
    expect(pending).toMatchObject([{ id: res.interaction_id, status: 'pending', response: null }]);
    const [done] = await settled('ana', 1);
    expect(done).toMatchObject({ id: res.interaction_id, status: 'completed', response: 'Sorry for the wait, Ana!' });
  });

  it('asks the model for facts about the person and keeps them in memory', async () => {
    llm.behave({ kind: 'reply', text: JSON.stringify({ facts: [{ kind: 'job', key: 'job', value: 'nurse', text: 'Works as a nurse' }] }) });
    await turn('I work nights at the hospital.', 'nurse');
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/nurse/memory`).set(bearer()), 200).body.memory;
    expect(memory.facts.some((f: { kind: string; value: string }) => f.kind === 'job' && f.value === 'nurse')).toBe(true);
  });

  it('gives the model the personality, the memory and the history of this end user only', async () => {
    llm.behave({ kind: 'reply', text: 'Noted.' });
    llm.requests.length = 0;
    await turn('I love green tea.', 'ana');
    const body = JSON.stringify(llm.requests.at(-1)!.body);
    expect(body).toContain('Lia'); // the entity's identity in the system prompt
    expect(body).toContain('My name is Ana.'); // the earlier turn of this end user
    await turn('Hello', 'bruno');
    const other = JSON.stringify(llm.requests.at(-1)!.body);
    expect(other).not.toContain('Ana');
    expect(other).not.toContain('green tea');
  });

  it('every turn gives the model the whole memory, beyond the history window, in the language the person writes in', async () => {
    // Each turn asks the model for facts too (answered with none), then for the reply.
    llm.behave({ kind: 'reply', text: '{"facts":[]}' });
    await turn('My order number is 11111.', 'window');
    await turn('Sorry, my order number is actually 22222.', 'window');
    for (let k = 0; k < 11; k++) await turn(`Small talk number ${k}.`, 'window');
    llm.requests.length = 0;
    await turn('What is my order number?', 'window');
    const reply = llm.requests.find((r) => !String((r.body['messages'] as { content: string }[])[0].content).includes('Return ONLY a JSON object'))!;
    const messages = reply.body['messages'] as { role: string; content: string }[];
    expect(
      messages
        .slice(1)
        .map((m) => m.content)
        .join('\n'),
    ).not.toContain('22222'); // no longer in the history sent…
    expect(messages[0].content).toContain('- Order number: 22222'); // …but in the memory
    expect(messages[0].content).not.toContain('11111');
    expect(messages[0].content).toContain('Reply in English (en), the language the user is writing in');
  });

  it('names the entity in the system prompt by its name, and by the new one after a rename', async () => {
    llm.behave({ kind: 'reply', text: 'Olá!' });
    const id = expectStatus(await t.http.post('/api/v1/entities').set(bearer()).send({ name: 'Rui', purpose: 'Um companheiro divertido para conversar' }), 201)
      .body.entity.id;
    const systemPrompt = async (message: string) => {
      llm.requests.length = 0;
      expectStatus(await t.http.post(`/api/v1/entities/${id}/messages`).set(bearer()).send({ message }), 200);
      const messages = llm.requests.at(-1)!.body['messages'] as { role: string; content: string }[];
      expect(messages.at(-1)!.content).toBe(message);
      expect(messages[0].role).toBe('system');
      return messages[0].content;
    };
    const before = await systemPrompt('Oi!');
    expect(before).toMatch(/^You are Rui\. Um companheiro divertido/);
    expect(before).toContain('Your usual greeting: "Oi! Eu sou Rui. Como posso te ajudar hoje?"');
    expectStatus(await t.http.patch(`/api/v1/entities/${id}`).set(bearer()).send({ name: 'Téo' }), 200);
    const after = await systemPrompt('Oi de novo!');
    expect(after).toMatch(/^You are Téo\. Um companheiro divertido/);
    expect(after).toContain('Your usual greeting: "Oi! Eu sou Téo. Como posso te ajudar hoje?"');
    expect(after).not.toMatch(/\bRui\b/);
  });

  it('runs the turns of one end user one at a time, in order', async () => {
    llm.behave({ kind: 'slow', delayMs: 150, text: 'ok' });
    llm.requests.length = 0;
    const sent = await Promise.all(
      ['first', 'second', 'third'].map((message, i) =>
        new Promise((r) => setTimeout(r, i * 20)).then(() =>
          t.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer()).send({ message, end_user_id: 'orderly' }),
        ),
      ),
    );
    for (const s of sent) expect([200, 202]).toContain(s.status);
    const rows = await settled('orderly', 3);
    // The history is in arrival order; the turns completed in that order, one after the other.
    const arrival = rows.map((r) => r.message);
    expect([...arrival].sort()).toEqual(['first', 'second', 'third']);
    const finished = rows.map((r) => Date.parse(r.completed_at!));
    expect([...finished].sort((a, b) => a - b)).toEqual(finished);
    // The model call for the last turn carried the two earlier ones as history.
    const last = llm.requests
      .map((r) => JSON.stringify(r.body))
      .filter((b) => b.includes(arrival[2]))
      .at(-1)!;
    expect(last).toContain(arrival[0]);
    expect(last).toContain(arrival[1]);
  });

  it('records a turn the provider refuses as failed, visible in the history', async () => {
    llm.behave({ kind: 'status', status: 401 });
    const res = await t.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer()).send({ message: 'hello?', end_user_id: 'refused' });
    expect([200, 202]).toContain(res.status);
    const [turn] = await settled('refused', 1);
    expect(turn.status).toBe('failed');
    expect(turn.error).toEqual(expect.any(String));
  });
});
