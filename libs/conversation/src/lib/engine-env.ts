import { z } from 'zod';
import type { EngineConfig } from './types';

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' });

/** The environment variables that choose a reply engine, as zod schemas keyed by variable name. */
export const engineEnvSchema = {
  LLM_PROVIDER: z
    .enum(['builtin', 'openai', 'anthropic', 'openai-compatible'])
    .default('builtin')
    .describe(
      'Entity (and messaging) replies: `builtin` (deterministic engine, no keys), `openai`, `anthropic`, `openai-compatible` (Ollama, vLLM…) through the AI SDK; creative lists the providers and which are configured (`GET /v1/llm/providers`).',
    ),
  LLM_MODEL: z
    .string()
    .min(1)
    .optional()
    .describe("Model name, e.g. `gpt-4o-mini`, `claude-3-5-haiku-latest`, `llama3.1`. Unset: the provider's default (required for `openai-compatible`)."),
  LLM_BASE_URL: httpUrl
    .optional()
    .describe("Base URL of the provider's API (required for `openai-compatible`, e.g. `http://localhost:11434/v1`). Unset: the provider's default."),
  OPENAI_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      "The OpenAI key (required with `LLM_PROVIDER=openai`; also serves `openai-compatible`; creative's OpenAI images, `IMAGE_PROVIDER=openai`, use it too).",
    ),
  ANTHROPIC_API_KEY: z.string().min(1).optional().describe('The Anthropic key (required with `LLM_PROVIDER=anthropic`).'),
  LLM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(20_000)
    .describe('Per provider call; a timeout or 5xx is retried from the queue (the turn stays `pending`).'),
};

export type EngineEnv = z.infer<z.ZodObject<typeof engineEnvSchema>>;

/** Settings that only make sense together, as `VARIABLE: problem` lines. */
export function engineEnvProblems(e: EngineEnv): string[] {
  const problems: string[] = [];
  if (e.LLM_PROVIDER === 'openai' && !e.OPENAI_API_KEY) problems.push('OPENAI_API_KEY: required when LLM_PROVIDER=openai');
  if (e.LLM_PROVIDER === 'anthropic' && !e.ANTHROPIC_API_KEY) problems.push('ANTHROPIC_API_KEY: required when LLM_PROVIDER=anthropic');
  if (e.LLM_PROVIDER === 'openai-compatible') {
    if (!e.LLM_BASE_URL) problems.push('LLM_BASE_URL: required when LLM_PROVIDER=openai-compatible (e.g. http://localhost:11434/v1)');
    if (!e.LLM_MODEL) problems.push('LLM_MODEL: required when LLM_PROVIDER=openai-compatible');
  }
  return problems;
}

/** The engine configuration those variables describe. */
export function engineConfigFromEnv(e: EngineEnv): EngineConfig & { timeoutMs: number } {
  return {
    provider: e.LLM_PROVIDER,
    model: e.LLM_MODEL,
    baseUrl: e.LLM_BASE_URL,
    apiKey: e.LLM_PROVIDER === 'anthropic' ? e.ANTHROPIC_API_KEY : e.OPENAI_API_KEY,
    timeoutMs: e.LLM_TIMEOUT_MS,
  };
}
