import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema } from '@platform/conversation';
import { envBool as bool, loadConfig } from '@platform/config';
import { z } from 'zod';

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' });

const extra = {
  ...engineEnvSchema,
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
  check: engineEnvProblems,
  map: (e: z.infer<z.ZodObject<typeof extra>>) => mapConfig(e),
};

function mapConfig(e: z.infer<z.ZodObject<typeof extra>>) {
  return {
    llm: { ...engineConfigFromEnv(e), historyTurns: e.LLM_HISTORY_TURNS },
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
