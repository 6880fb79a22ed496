import { startFakeLlmServer, type FakeLlmServer } from '@platform/conversation/testing';
import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { messagingService } from '../../service';
import { App, auth } from '../../__tests__/helpers';

interface SoulRecord {
  id: string;
  name: string;
  description: string;
  tone: string;
  style_rules: string[];
}

const LANGUAGES = ['pt-BR', 'en'] as const;
/** What the user says to make the agent introduce itself, per language. */
const INTRODUCE = { 'pt-BR': ['Oi!', 'Quem é você?', 'Meu nome é Bia'], en: ['Hi!', 'Who are you?', 'My name is Bia'] } as const;

/** `name` as a word of its own, case-sensitive ("Clara" the name, not "clara" the adjective). */
const word = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

async function setUp(env: Record<string, string> = {}): Promise<{ t: App; alice: TestAccount; souls: SoulRecord[] }> {
  const t = await createTestApp(messagingService, { env: { RATE_LIMIT_PER_MINUTE: '100000', ...env } });
  const alice = await t.account('alice');
  const souls = expectStatus(await t.http.get('/v1/souls').set(auth(alice)), 200).body.data as SoulRecord[];
  return { t, alice, souls };
}

async function startWith(t: App, alice: TestAccount, body: Record<string, unknown>): Promise<string> {
  const agent = expectStatus(await t.http.post('/v1/agents').set(auth(alice)).send(body), 201).body;
  return expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent.id, channel: 'api' }), 201).body.id;
}

const say = async (t: App, alice: TestAccount, conversationId: string, content: string) =>
  expectStatus(await t.http.post(`/v1/conversations/${conversationId}/messages`).set(auth(alice)).send({ content }), 201).body;

describe('messaging agents introduce themselves by their own name (built-in engine)', () => {
  let t: App;
  let alice: TestAccount;
  let souls: SoulRecord[];

  beforeAll(async () => ({ t, alice, souls } = await setUp()));
  afterAll(() => t?.close());

  it('every soul, in both languages: greeting, "who are you?" and the introduction after the user gives a name', async () => {
    expect(souls.length).toBeGreaterThanOrEqual(8);
    for (const soul of souls) {
      for (const language of LANGUAGES) {
        for (const content of INTRODUCE[language]) {
          const conversation = await startWith(t, alice, { name: 'Nina', soul_id: soul.id, language });
          const reply = (await say(t, alice, conversation, content)).reply.content as string;
          const where = `${soul.id} ${language} "${content}": ${reply}`;
          expect(reply, where).toMatch(word('Nina'));
          expect(reply, where).not.toMatch(word(soul.name));
        }
      }
    }
  });

  it("an agent given the soul's own name keeps it, and a name is used as written", async () => {
    const lia = await startWith(t, alice, { name: 'Lia', soul_id: 'friendly-support' });
    expect((await say(t, alice, lia, 'Oi!')).reply.content).toBe('Oi! Eu sou a Lia, do suporte. Me conta o que está acontecendo que eu te ajudo a resolver.');
    const ana = await startWith(t, alice, { name: '  Ana Clara  ', soul_id: 'friendly-support' });
    expect((await say(t, alice, ana, 'Oi!')).reply.content).toBe(
      'Oi! Eu sou Ana Clara, do suporte. Me conta o que está acontecendo que eu te ajudo a resolver.',
    );
  });
});

describe('messaging agents introduce themselves by their own name (provider system prompt)', () => {
  let t: App;
  let alice: TestAccount;
  let souls: SoulRecord[];
  let llm: FakeLlmServer;

  beforeAll(async () => {
    llm = await startFakeLlmServer();
    llm.behave({ kind: 'reply', text: 'Olá!' });
    ({ t, alice, souls } = await setUp({
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'test-model',
      OPENAI_API_KEY: 'sk-test',
    }));
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it("every soul, in both languages: the system prompt names the agent and carries the soul's personality", async () => {
    for (const soul of souls) {
      for (const language of LANGUAGES) {
        const conversation = await startWith(t, alice, { name: 'Nina', soul_id: soul.id, language });
        llm.requests.length = 0;
        expect((await say(t, alice, conversation, INTRODUCE[language][0])).reply_status).toBe('completed');
        expect(llm.requests).toHaveLength(1);
        const messages = llm.requests[0].body['messages'] as { role: string; content: string }[];
        const system = messages[0];
        const where = `${soul.id} ${language}`;
        expect(system.role, where).toBe('system');
        expect(system.content.startsWith(`You are Nina. ${soul.description}`), `${where}: ${system.content}`).toBe(true);
        expect(system.content, where).toMatch(/Your usual greeting: ".*\bNina\b.*"/);
        expect(system.content, where).not.toMatch(word(soul.name));
        expect(system.content, where).toContain(`Tone: ${soul.tone}.`);
        for (const rule of soul.style_rules) expect(system.content, where).toContain(`- ${rule}`);
        // reply_language auto: the greeting is in the agent's language, so the reply is too.
        expect(system.content, where).toContain(
          language === 'en'
            ? 'Reply in English (en), the language the user is writing in'
            : 'Reply in Brazilian Portuguese (pt-BR), the language the user is writing in',
        );
      }
    }
  });
});
