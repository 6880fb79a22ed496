import { loadConfig } from '@platform/config';

export const entityConfigDefinition = {
  service: 'entity' as const,
  defaults: { port: 3300, rateLimitPerMinute: 120 },
  extra: {},
  map: () => ({}),
};

export type EntityConfig = ReturnType<typeof loadEntityConfig>;

export function loadEntityConfig(env: Record<string, string | undefined>) {
  return loadConfig(entityConfigDefinition, env);
}
