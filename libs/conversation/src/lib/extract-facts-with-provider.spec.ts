import { startFakeLlmServer, type FakeLlmServer } from '../testing/fake-llm-server';
import { createReplyEngine } from './create-reply-engine';
import { extractFactsWithProvider, parseFacts } from './extract-facts-with-provider';
import type { EngineConfig } from './types';

describe('extractFactsWithProvider', () => {
  let server: FakeLlmServer;
  let config: EngineConfig;

  beforeAll(async () => {
    server = await startFakeLlmServer();
    config = { provider: 'openai-compatible', baseUrl: server.baseUrl, model: 'facts-model', timeoutMs: 1_000 };
  });
  afterAll(() => server.close());

  it('merges the model facts (normalized) with the rule facts', async () => {
    server.behave({
      kind: 'reply',
      text: 'Here you go: {"facts":[{"kind":"preference","key":"likes","value":"Jazz","text":"Likes jazz"},{"kind":"relation","key":"Sister","value":"maria","text":"Has a sister named Maria"},{"kind":"weird","key":"Shoe Size","value":42}]}',
    });
    const facts = await extractFactsWithProvider('Meu nome é Ana. I love jazz and my sister maria plays it.', config, { language: 'en' });
    expect(facts.map((f) => `${f.kind}/${f.key}=${f.value}`)).toEqual([
      'name/name=Ana',
      'preference/likes=jazz',
      'relation/sister=Maria',
      'other/shoe_size=42',
    ]);
    const sent = server.requests.at(-1)!.body['messages'] as Array<{ role: string; content: string }>;
    expect(sent[0].role).toBe('system');
    expect(sent[0].content).toContain('Return ONLY a JSON object');
    expect(sent[1]).toEqual({ role: 'user', content: 'Meu nome é Ana. I love jazz and my sister maria plays it.' });
  });

  it('accepts an engine made by createReplyEngine', async () => {
    server.behave({ kind: 'reply', text: '{"facts":[{"kind":"location","key":"lives_in","value":"porto alegre","text":"Mora em Porto Alegre"}]}' });
    const facts = await extractFactsWithProvider('moro pertinho do Guaíba', createReplyEngine(config));
    expect(facts).toEqual([{ kind: 'location', key: 'lives_in', value: 'Porto Alegre', text: 'Mora em Porto Alegre' }]);
  });

  it.each([
    ['a 500', { kind: 'status', status: 500 } as const],
    ['a 401', { kind: 'status', status: 401 } as const],
    ['prose instead of JSON', { kind: 'reply', text: 'Sorry, I cannot do that.' } as const],
    ['JSON of the wrong shape', { kind: 'reply', text: '{"facts": "none"}' } as const],
    ['a timeout', { kind: 'slow', delayMs: 3_000, text: '{"facts":[]}' } as const],
  ])('falls back to the rules on %s', async (_label, behaviour) => {
    server.behave(behaviour);
    const facts = await extractFactsWithProvider('Eu gosto de café', config);
    expect(facts.map((f) => `${f.kind}/${f.key}=${f.value}`)).toEqual(['preference/likes=café']);
  });

  it('uses only the rules for the builtin provider (no network)', async () => {
    const before = server.requests.length;
    expect(await extractFactsWithProvider('I love tea', { provider: 'builtin' })).toHaveLength(1);
    expect(await extractFactsWithProvider('I love tea', createReplyEngine({ provider: 'builtin' }))).toHaveLength(1);
    expect(await extractFactsWithProvider('I love tea', { provider: 'openai' })).toHaveLength(1); // no apiKey: rules only
    expect(server.requests.length).toBe(before);
  });

  it('parseFacts rejects output without JSON', () => {
    expect(() => parseFacts('nothing here')).toThrow();
    expect(parseFacts('```json\n{"facts":[]}\n```')).toEqual([]);
  });
});
