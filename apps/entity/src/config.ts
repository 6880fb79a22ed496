import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema, EngineEnv } from '@platform/conversation';
import { loadConfig, oauthProviderEnvSchema } from '@platform/config';
import { z } from 'zod';

export const entityConfigDefinition = {
  service: 'entity' as const,
  defaults: { port: 3300, rateLimitPerMinute: 120 },
  extra: {
    ...engineEnvSchema,
    MESSAGE_WAIT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(30_000)
      .describe('How long `POST …/messages` waits for the reply before answering 202 `pending`.'),
    ...oauthProviderEnvSchema,
    OAUTH_REQUIRE_PKCE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .describe('Require PKCE (S256) from every OAuth client; public clients and clients registered with "require PKCE" always need it.'),
    DPOP_PROOF_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(3600)
      .default(300)
      .describe(
        'How old (by its `iat`) a DPoP proof presented on `/api/v1` may be; its `jti` is remembered (in Redis with `REDIS_URL`, shared by the replicas) for that long (docs/security.md).',
      ),
    DPOP_PROOF_MAX_SKEW_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(300)
      .default(60)
      .describe('How far in the future (by its `iat`) a DPoP proof presented on `/api/v1` may be (client clocks running ahead).'),
  },
  check: engineEnvProblems,
  map: (
    e: EngineEnv & {
      MESSAGE_WAIT_MS: number;
      OAUTH_COOKIE_KEYS?: string;
      OAUTH_REQUIRE_PKCE: 'true' | 'false' | '1' | '0';
      OAUTH_SWEEP_INTERVAL_MS: number;
      OAUTH_REFRESH_REUSE_GRACE_SECONDS: number;
      DPOP_PROOF_MAX_AGE_SECONDS: number;
      DPOP_PROOF_MAX_SKEW_SECONDS: number;
    },
  ) => ({
    llm: engineConfigFromEnv(e),
    messageWaitMs: e.MESSAGE_WAIT_MS,
    oauth: {
      /** Signing keys for the OAuth provider's cookies, newest first; random per process when unset (one replica only). */
      cookieKeys: e.OAUTH_COOKIE_KEYS?.split(',').map((k) => k.trim()),
      /** PKCE (S256) for every client; public clients always need it. */
      requirePkce: e.OAUTH_REQUIRE_PKCE === 'true' || e.OAUTH_REQUIRE_PKCE === '1',
      /** How often expired provider rows (oidc_payloads) are deleted, worker and all roles; 0: never. */
      sweepIntervalMs: e.OAUTH_SWEEP_INTERVAL_MS,
      /** A rotated refresh token presented again within this many seconds is honoured once more (a lost answer); 0: a replay. */
      refreshReuseGraceSeconds: e.OAUTH_REFRESH_REUSE_GRACE_SECONDS,
      /** DPoP proofs at /api/v1 (RFC 9449): accepted up to this many seconds after their `iat`… */
      dpopMaxAgeSeconds: e.DPOP_PROOF_MAX_AGE_SECONDS,
      /** …and this many seconds before it (client clocks running ahead). */
      dpopMaxSkewSeconds: e.DPOP_PROOF_MAX_SKEW_SECONDS,
    },
  }),
};

export type EntityConfig = ReturnType<typeof loadEntityConfig>;

export function loadEntityConfig(env: Record<string, string | undefined>) {
  return loadConfig(entityConfigDefinition, env);
}
