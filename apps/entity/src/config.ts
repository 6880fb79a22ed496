import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema, EngineEnv } from '@platform/conversation';
import { loadConfig } from '@platform/config';
import { z } from 'zod';

export const entityConfigDefinition = {
  service: 'entity' as const,
  defaults: { port: 3300, rateLimitPerMinute: 120 },
  extra: {
    ...engineEnvSchema,
    MESSAGE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
    OAUTH_COOKIE_KEYS: z
      .string()
      .refine((v) => v.split(',').every((k) => k.trim().length >= 32), 'comma-separated keys of at least 32 characters each')
      .optional(),
    OAUTH_REQUIRE_PKCE: z.enum(['true', 'false', '1', '0']).default('false'),
  },
  check: engineEnvProblems,
  map: (e: EngineEnv & { MESSAGE_WAIT_MS: number; OAUTH_COOKIE_KEYS?: string; OAUTH_REQUIRE_PKCE: 'true' | 'false' | '1' | '0' }) => ({
    llm: engineConfigFromEnv(e),
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
