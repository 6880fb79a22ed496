import { loadConfig } from '@platform/config';
import { z } from 'zod';

export const entityConfigDefinition = {
  service: 'entity' as const,
  defaults: { port: 3300, rateLimitPerMinute: 120 },
  extra: {
    LLM_PROVIDER: z.enum(['builtin', 'openai', 'anthropic', 'openai-compatible']).default('builtin'),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_BASE_URL: z.string().url().optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    ANTHROPIC_API_KEY: z.string().min(1).optional(),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    MESSAGE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
    OAUTH_COOKIE_KEYS: z
      .string()
      .refine((v) => v.split(',').every((k) => k.trim().length >= 32), 'comma-separated keys of at least 32 characters each')
      .optional(),
    OAUTH_REQUIRE_PKCE: z.enum(['true', 'false', '1', '0']).default('false'),
  },
  map: (e: {
    LLM_PROVIDER: 'builtin' | 'openai' | 'anthropic' | 'openai-compatible';
    LLM_MODEL?: string;
    LLM_BASE_URL?: string;
    OPENAI_API_KEY?: string;
    ANTHROPIC_API_KEY?: string;
    LLM_TIMEOUT_MS: number;
    MESSAGE_WAIT_MS: number;
    OAUTH_COOKIE_KEYS?: string;
    OAUTH_REQUIRE_PKCE: 'true' | 'false' | '1' | '0';
  }) => ({
    llm: {
      provider: e.LLM_PROVIDER,
      model: e.LLM_MODEL,
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_PROVIDER === 'anthropic' ? e.ANTHROPIC_API_KEY : e.OPENAI_API_KEY,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    messageWaitMs: e.MESSAGE_WAIT_MS,
    oauth: {
      /** Signing keys for the OAuth provider's cookies, newest first; random per process when unset (one replica only). */
      cookieKeys: e.OAUTH_COOKIE_KEYS?.split(',').map((k) => k.trim()),
      /** PKCE (S256) for every client; public clients always need it. */
      requirePkce: e.OAUTH_REQUIRE_PKCE === 'true' || e.OAUTH_REQUIRE_PKCE === '1',
    },
  }),
};

export type EntityConfig = ReturnType<typeof loadEntityConfig>;

export function loadEntityConfig(env: Record<string, string | undefined>) {
  return loadConfig(entityConfigDefinition, env);
}
