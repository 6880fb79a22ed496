import { messagingEnvelope } from '@platform/errors';
import type { ServiceDefinition } from '@platform/http';
import { Agent } from './agents/agent.entity';
import { AppModule } from './app.module';
import { Channel } from './channels/channel.entity';
import { Queues } from './common/queues';
import { loadMessagingConfig, MessagingConfig } from './config';
import { Conversation } from './conversations/conversation.entity';
import { ConversationFact } from './facts/conversation-fact.entity';
import { Message } from './messages/message.entity';
import { migrations } from './migrations';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from './webhooks/webhook-endpoint.entity';

export const messagingService: ServiceDefinition<MessagingConfig> = {
  name: 'messaging',
  loadConfig: loadMessagingConfig,
  appModule: (config) => AppModule.forRoot(config),
  database: { entities: [Agent, Conversation, ConversationFact, Message, Channel, WebhookEndpoint, WebhookDelivery], migrations },
  auth: { keyPrefix: 'msg', headers: ['bearer'], defaultScopes: ['*'], knownScopes: ['*'], realm: 'messaging' },
  envelope: messagingEnvelope,
  queues: [Queues.Replies, Queues.Webhooks, Queues.ChannelSends],
  openapi: {
    title: 'Messaging API',
    version: '1.0',
    description: [
      'Agents with personalities (souls) that answer conversations over the API and instant-messaging channels.',
      '',
      'Authentication: `Authorization: Bearer <API_KEY>`; a key gives full access to its account.',
      'Errors: `{error, message, status}` for every error; 422 adds `details` (`loc`, `msg`, `type` per failing field);',
      '429 `rate_limit_exceeded` adds `retry_after` and a `Retry-After` header after 100 requests per minute per key,',
      'shared across replicas. Every counted response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and',
      '`X-RateLimit-Reset` (Unix seconds). Mutating requests accept an `Idempotency-Key` header: a repeat with the same',
      'body replays the stored response; the same key with another body answers 409 `idempotency_key_reused`.',
    ].join('\n'),
  },
};
