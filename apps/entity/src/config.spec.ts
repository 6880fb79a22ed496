import { loadEntityConfig } from './config';

describe('entity configuration', () => {
  it('reports incomplete provider settings together with the other problems', () => {
    expect(() => loadEntityConfig({ LLM_PROVIDER: 'openai-compatible', NODE_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*LLM_BASE_URL[\s\S]*LLM_MODEL/);
    expect(() => loadEntityConfig({ LLM_PROVIDER: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY/);
    expect(loadEntityConfig({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'k' }).llm).toMatchObject({ provider: 'openai', apiKey: 'k', timeoutMs: 20000 });
    expect(loadEntityConfig({}).llm.provider).toBe('builtin');
  });
});
