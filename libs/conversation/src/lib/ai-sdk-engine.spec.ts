import { startFakeLlmServer, type FakeLlmServer } from '../testing/fake-llm-server';
import { AiSdkEngine } from './ai-sdk-engine';
import { createReplyEngine } from './create-reply-engine';
import { ProviderError } from './provider-error';
import { getSoul } from './souls';
import type { EngineConfig, ReplyRequest } from './types';

const soul = getSoul('friendly-support')!;
const request: ReplyRequest = {
  soul,
  history: [
    { role: 'assistant', content: soul.greeting },
    { role: 'user', content: 'Meu nome é Ana.' },
    { role: 'assistant', content: 'Prazer, Ana!' },
  ],
  message: 'Meu pedido não chegou.',
  userName: 'Ana',
  facts: [{ kind: 'preference', key: 'likes', value: 'cafe', text: 'Ana gosta de café' }],
};

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe.each([
  { provider: 'openai' as const, path: '/v1/chat/completions' },
  { provider: 'openai-compatible' as const, path: '/v1/chat/completions' },
  { provider: 'anthropic' as const, path: '/v1/messages' },
])('AiSdkEngine ($provider) against a local server', ({ provider, path }) => {
  let server: FakeLlmServer;
  let config: EngineConfig;

  beforeAll(async () => {
    server = await startFakeLlmServer();
    config = { provider, baseUrl: server.baseUrl, apiKey: 'test-key', model: 'test-model', timeoutMs: 2_000 };
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.behave({ kind: 'reply', text: 'Sinto muito, Ana! Vou verificar seu pedido agora.' });
  });

  it('sends the soul as system prompt and the history in order, and returns the reply', async () => {
    const engine = createReplyEngine(config);
    expect(engine.name).toBe(provider);
    const result = await engine.reply(request);
    expect(result).toEqual({ content: 'Sinto muito, Ana! Vou verificar seu pedido agora.', provider, model: 'test-model' });

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0];
    expect(sent.url).toBe(path);
    expect(sent.body['model']).toBe('test-model');

    let system: string;
    let messages: Array<{ role: string; content: unknown }>;
    if (provider === 'anthropic') {
      expect(sent.headers['x-api-key']).toBe('test-key');
      const sys = sent.body['system'] as Array<{ text: string }>;
      system = sys.map((s) => s.text).join('\n');
      messages = sent.body['messages'] as typeof messages;
    } else {
      expect(sent.headers['authorization']).toBe('Bearer test-key');
      const all = sent.body['messages'] as Array<{ role: string; content: unknown }>;
      expect(all[0].role).toBe('system');
      system = all[0].content as string;
      messages = all.slice(1);
    }
    expect(system).toContain('You are Lia.');
    expect(system).toContain(soul.tone);
    expect(system).toContain('Brazilian Portuguese');
    for (const rule of soul.styleRules) expect(system).toContain(rule);
    expect(system).toContain('Name: Ana');
    expect(system).toContain('Ana gosta de café');

    const texts = messages.map((m) => ({ role: m.role, text: textOf(m.content) }));
    if (provider === 'anthropic') {
      // Anthropic needs the user first: the opening greeting travels in the system prompt.
      expect(system).toContain(`You opened this conversation with:\n"${soul.greeting}"`);
      texts.unshift({ role: 'assistant', text: soul.greeting });
    }
    expect(texts).toEqual([
      { role: 'assistant', text: soul.greeting },
      { role: 'user', text: 'Meu nome é Ana.' },
      { role: 'assistant', text: 'Prazer, Ana!' },
      { role: 'user', text: 'Meu pedido não chegou.' },
    ]);
  });

  it('uses the requested language over the soul language', async () => {
    await createReplyEngine(config).reply({ ...request, language: 'en' });
    expect(JSON.stringify(server.requests[0].body)).toContain('Always reply in English (en)');
  });

  it('turns a 500 into a retryable ProviderError', async () => {
    server.behave({ kind: 'status', status: 500 });
    const err = await failure(createReplyEngine(config).reply(request));
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('500');
    expect(server.requests).toHaveLength(1); // no silent retries inside the SDK
  });

  it('turns a 429 into a retryable ProviderError', async () => {
    server.behave({ kind: 'status', status: 429 });
    expect((await failure(createReplyEngine(config).reply(request))).retryable).toBe(true);
  });

  it('turns a 401 into a non-retryable ProviderError', async () => {
    server.behave({ kind: 'status', status: 401 });
    const err = await failure(createReplyEngine(config).reply(request));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('401');
  });

  it('times out a slow response with a retryable ProviderError', async () => {
    server.behave({ kind: 'slow', delayMs: 5_000, text: 'too late' });
    const started = Date.now();
    const err = await failure(createReplyEngine({ ...config, timeoutMs: 300 }).reply(request));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('treats a malformed response as retryable', async () => {
    server.behave({ kind: 'raw', body: '{"nope": true' });
    expect((await failure(createReplyEngine(config).reply(request))).retryable).toBe(true);
  });

  it('honours the caller abort signal', async () => {
    server.behave({ kind: 'slow', delayMs: 5_000, text: 'too late' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await failure(createReplyEngine(config).reply(request, { signal: controller.signal }));
    expect(err.message).toContain('aborted');
  });
});

describe('provider configuration', () => {
  it('refuses an unreachable endpoint with a retryable error', async () => {
    const engine = createReplyEngine({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', timeoutMs: 2_000 });
    expect((await failure(engine.reply(request))).retryable).toBe(true);
  });

  it('requires an apiKey for openai and anthropic, and baseUrl + model for openai-compatible', () => {
    for (const config of [
      { provider: 'openai' },
      { provider: 'anthropic', apiKey: ' ' },
      { provider: 'openai-compatible', model: 'llama3' },
      { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1' },
    ] as EngineConfig[]) {
      let thrown: unknown;
      try {
        createReplyEngine(config);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ProviderError);
      expect((thrown as ProviderError).retryable).toBe(false);
    }
  });

  it('defaults the model name per provider', () => {
    expect((createReplyEngine({ provider: 'openai', apiKey: 'k' }) as AiSdkEngine).model).toBe('gpt-4o-mini');
    expect(createReplyEngine({ provider: 'builtin' }).name).toBe('builtin');
  });
});

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: string }) => p.text ?? '').join('');
  return JSON.stringify(content);
}
