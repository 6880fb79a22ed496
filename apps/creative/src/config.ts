import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema } from '@platform/conversation';
import { loadConfig } from '@platform/config';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const extra = {
  ...engineEnvSchema,
  /** Render worker threads; 0 renders on the main thread (measurements and debugging only). */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** Longest a render (queue wait included) may take before the request fails with 504 `render_timeout`. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Renders waiting for a worker beyond this answer 503 `render_busy`. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Bytes of rendered previews kept in memory (least recently used dropped first); 0 turns the cache off. */
  PREVIEW_CACHE_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  /** `Cache-Control: private, max-age=N` of a design's preview (the current revision's); 0 makes clients revalidate. */
  PREVIEW_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(0),
};

export const creativeConfigDefinition = {
  service: 'creative' as const,
  defaults: { port: 3100, rateLimitPerMinute: 600 },
  extra,
  check: engineEnvProblems,
  map: (e: z.infer<z.ZodObject<typeof extra>>) => ({
    /** The LLM provider the conversation engine would use (listed by GET /v1/llm/providers). */
    llm: engineConfigFromEnv(e),
    /** Which provider keys are set (a provider other than the active one counts as configured when its key is). */
    llmKeys: { openai: !!e.OPENAI_API_KEY, anthropic: !!e.ANTHROPIC_API_KEY },
    rendering: {
      workers: e.RENDER_WORKERS ?? Math.max(1, availableParallelism()),
      timeoutMs: e.RENDER_TIMEOUT_MS,
      queueMax: e.RENDER_QUEUE_MAX,
      previewCacheBytes: e.PREVIEW_CACHE_BYTES,
      previewMaxAgeSeconds: e.PREVIEW_MAX_AGE_SECONDS,
    },
  }),
};

export type CreativeConfig = ReturnType<typeof loadCreativeConfig>;

export function loadCreativeConfig(env: Record<string, string | undefined>) {
  return loadConfig(creativeConfigDefinition, env);
}
