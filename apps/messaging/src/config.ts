import { ConfigValidationError, loadConfig } from '@platform/config';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' });

const extra = {
  LLM_PROVIDER: z.enum(['builtin', 'openai', 'anthropic', 'openai-compatible']).default('builtin'),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_BASE_URL: httpUrl.optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  LLM_HISTORY_TURNS: z.coerce.number().int().min(0).max(200).default(12),
  REPLY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  REPLY_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(2000),
  WEBHOOK_ALLOW_PRIVATE: bool.default('false'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOK_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(5000),
  WHATSAPP_API_BASE_URL: httpUrl.default('https://graph.facebook.com/v21.0'),
  TELEGRAM_API_BASE_URL: httpUrl.default('https://api.telegram.org'),
  MESSENGER_API_BASE_URL: httpUrl.default('https://graph.facebook.com/v21.0'),
  CHANNEL_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  CHANNEL_SEND_BACKOFF_MS: z.coerce.number().int().min(1).default(2000),
};

export const messagingConfigDefinition = {
  service: 'messaging' as const,
  defaults: { port: 3200, rateLimitPerMinute: 100 },
  extra,
  map: (e: z.infer<z.ZodObject<typeof extra>>) => {
    checkProvider(e);
    return mapConfig(e);
  },
};

/** Provider settings that only make sense together, all reported at once. */
function checkProvider(e: z.infer<z.ZodObject<typeof extra>>): void {
  const problems: string[] = [];
  if (e.LLM_PROVIDER === 'openai' && !e.OPENAI_API_KEY) problems.push('OPENAI_API_KEY: required when LLM_PROVIDER=openai');
  if (e.LLM_PROVIDER === 'anthropic' && !e.ANTHROPIC_API_KEY) problems.push('ANTHROPIC_API_KEY: required when LLM_PROVIDER=anthropic');
  if (e.LLM_PROVIDER === 'openai-compatible') {
    if (!e.LLM_BASE_URL) problems.push('LLM_BASE_URL: required when LLM_PROVIDER=openai-compatible (e.g. http://localhost:11434/v1)');
    if (!e.LLM_MODEL) problems.push('LLM_MODEL: required when LLM_PROVIDER=openai-compatible');
  }
  if (problems.length) throw new ConfigValidationError('messaging', problems);
}

function mapConfig(e: z.infer<z.ZodObject<typeof extra>>) {
  return {
    llm: {
      provider: e.LLM_PROVIDER,
      model: e.LLM_MODEL,
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_PROVIDER === 'anthropic' ? e.ANTHROPIC_API_KEY : e.OPENAI_API_KEY,
      timeoutMs: e.LLM_TIMEOUT_MS,
      historyTurns: e.LLM_HISTORY_TURNS,
    },
    replies: { maxAttempts: e.REPLY_MAX_ATTEMPTS, backoffMs: e.REPLY_RETRY_BACKOFF_MS },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      backoffMs: e.WEBHOOK_RETRY_BACKOFF_MS,
    },
    channels: {
      whatsappBaseUrl: e.WHATSAPP_API_BASE_URL.replace(/\/$/, ''),
      telegramBaseUrl: e.TELEGRAM_API_BASE_URL.replace(/\/$/, ''),
      messengerBaseUrl: e.MESSENGER_API_BASE_URL.replace(/\/$/, ''),
      maxAttempts: e.CHANNEL_SEND_MAX_ATTEMPTS,
      backoffMs: e.CHANNEL_SEND_BACKOFF_MS,
    },
  };
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;

export function loadMessagingConfig(env: Record<string, string | undefined>) {
  return loadConfig(messagingConfigDefinition, env);
}
