import { loadConfig } from '@platform/config';

export const messagingConfigDefinition = {
  service: 'messaging' as const,
  defaults: { port: 3200, rateLimitPerMinute: 100 },
  extra: {},
  map: () => ({}),
};

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;

export function loadMessagingConfig(env: Record<string, string | undefined>) {
  return loadConfig(messagingConfigDefinition, env);
}
