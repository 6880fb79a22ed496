import { describeMalformedInput, expectStatus } from '@platform/testing';
import { messagingService } from '../service';
import { auth, createAgent, createConversation } from './helpers';

// Every operation of apps/messaging/openapi.json gets bad ids, bad query values, malformed bodies and
// lying content types (libs/platform/testing/src/lib/malformed-input.ts): no 5xx, no dropped connection,
// and every answer in the messaging envelope the document declares.
describeMalformedInput(messagingService, {
  env: {
    // Platforms and webhooks that do not answer, on loopback: nothing leaves the machine.
    WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9/wa',
    TELEGRAM_API_BASE_URL: 'http://127.0.0.1:9/tg',
    MESSENGER_API_BASE_URL: 'http://127.0.0.1:9/fb',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_MAX_ATTEMPTS: '1',
    CHANNEL_SEND_MAX_ATTEMPTS: '1',
  },
  async setup(t) {
    const owner = await t.account('malformed');
    const agent = await createAgent(t, owner);
    const conversation = await createConversation(t, owner, agent.id);
    const channel = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(owner))
        .send({ kind: 'telegram', agent_id: agent.id, credentials: { bot_token: '1:x', secret_token: 'secret' } }),
      201,
    ).body;
    return {
      credentials: auth(owner),
      pathValues: {
        '/v1/souls/{id}': { id: 'friendly-support' },
        '/v1/agents/{id}': { id: agent.id },
        '/v1/conversations/{id}': { id: conversation.id },
        '/v1/conversations/{id}/messages': { id: conversation.id },
        '/v1/channels/{id}': { id: channel.id },
        '/v1/inbound/{kind}/{channelId}': { kind: 'telegram', channelId: channel.id },
      },
      validBodies: {
        'POST /v1/conversations': { agent_id: agent.id, channel: 'api' },
        'POST /v1/channels': { kind: 'api', name: 'API' },
        'PUT /v1/settings/webhook': { url: 'http://127.0.0.1:9/hook' },
        'POST /v1/inbound/{kind}/{channelId}': { update_id: 1, message: { message_id: 1, chat: { id: 42 }, from: { id: 42 }, text: 'hi' } },
      },
    };
  },
});
