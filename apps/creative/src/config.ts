import { loadConfig } from '@platform/config';

export const creativeConfigDefinition = {
  service: 'creative' as const,
  defaults: { port: 3100, rateLimitPerMinute: 600 },
  extra: {},
  map: () => ({}),
};

export type CreativeConfig = ReturnType<typeof loadCreativeConfig>;

export function loadCreativeConfig(env: Record<string, string | undefined>) {
  return loadConfig(creativeConfigDefinition, env);
}
