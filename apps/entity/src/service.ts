import { entityEnvelope } from '@platform/errors';
import type { ServiceDefinition } from '@platform/http';
import { AppModule } from './app.module';
import { EntityConfig, loadEntityConfig } from './config';
import { EntityRecord } from './entities/entity-record.entity';
import { KNOWN_SCOPES, SCOPES } from './entities/scopes';
import { Interaction } from './interactions/interaction.entity';
import { TURNS_QUEUE } from './interactions/turn.processor';
import { EndUser } from './memory/end-user.entity';
import { migrations } from './migrations';

export const entityService: ServiceDefinition<EntityConfig> = {
  name: 'entity',
  loadConfig: loadEntityConfig,
  appModule: (config) => AppModule.forRoot(config),
  database: { entities: [EntityRecord, Interaction, EndUser], migrations },
  auth: {
    keyPrefix: 'ent',
    headers: ['bearer'],
    defaultScopes: [SCOPES.read, SCOPES.chat],
    knownScopes: KNOWN_SCOPES,
    realm: 'entity',
  },
  envelope: entityEnvelope,
  queues: [TURNS_QUEUE],
  openapi: {
    title: 'Entity Conversation API',
    version: '1',
    jsonPaths: ['/developers/openapi.json'],
    description: [
      'AI entities with identity, memory, personality and continuity. Client systems talk to them with API keys.',
      '',
      'Authentication: `Authorization: Bearer <API_KEY>`. Scopes: `entities:read` (read entities and messages),',
      '`entities:chat` (send messages), `entities:write` (create, update and delete entities). A credential without',
      'the needed scope answers 403 `insufficient_scope`.',
      'Errors: `{ok: false, error, code}` (`error` is the message, `code` the stable string): 401 `unauthorized`,',
      '403 `insufficient_scope`, 404 `entity_not_found` (also for another account\'s entity), 409 `entity_unavailable`,',
      '422 `validation_error` (with `details`), 429 `rate_limited`.',
      'Rate limit: 120 requests per minute per credential, shared across replicas; every counted response carries',
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds); 429 adds `Retry-After`.',
    ].join('\n'),
  },
};
