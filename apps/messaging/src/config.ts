import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema } from '@platform/conversation';
import { envBool as bool, loadConfig } from '@platform/config';
import { z } from 'zod';

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' });

const extra = {
  ...engineEnvSchema,
  LLM_HISTORY_TURNS: z.coerce
    .number()
    .int()
    .min(0)
    .max(200)
    .default(12)
    .describe(
      "How many earlier messages of the conversation go to the engine with each reply; what older messages said reaches it through the conversation's facts.",
    ),
  REPLY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6).describe('Tries of a queued reply after a provider failure or timeout.'),
  REPLY_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(2000).describe('First retry delay of a queued reply (doubling).'),
  WEBHOOK_ALLOW_PRIVATE: bool
    .default('false')
    .describe('Allow webhook URLs that resolve to private, loopback or link-local addresses (development and tests only).'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000).describe('How long one webhook delivery attempt may take.'),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8).describe('Tries per webhook delivery.'),
  WEBHOOK_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(5000).describe('First retry delay of a webhook delivery (doubling).'),
  WHATSAPP_API_BASE_URL: httpUrl.default('https://graph.facebook.com/v21.0').describe('WhatsApp Cloud API base URL.'),
  TELEGRAM_API_BASE_URL: httpUrl.default('https://api.telegram.org').describe('Telegram Bot API base URL.'),
  MESSENGER_API_BASE_URL: httpUrl.default('https://graph.facebook.com/v21.0').describe('Messenger Send API base URL.'),
  CHANNEL_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6).describe('Tries of a send through a platform.'),
  CHANNEL_SEND_BACKOFF_MS: z.coerce.number().int().min(1).default(2000).describe('First retry delay of a send through a platform (doubling).'),
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
