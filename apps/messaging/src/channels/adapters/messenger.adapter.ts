import type { Request } from 'express';
import type { Credentials, InboundMessage, PlatformAdapter } from './adapter.types';
import { asArray, asRecord, asString, metaHandshake, postJson, validMetaSignature } from './http';

/** Messenger Platform: webhook `entry[].messaging[]`, send via `POST /me/messages` with the page token. */
export class MessengerAdapter implements PlatformAdapter {
  readonly kind = 'messenger' as const;
  readonly fields = [
    { name: 'page_access_token', required: true, description: 'The page access token' },
    { name: 'app_secret', required: true, description: 'The Meta app secret (verifies X-Hub-Signature-256)' },
    { name: 'verify_token', required: true, description: 'Any string; enter the same one in the Meta webhook settings' },
    { name: 'page_id', required: false, public: true, description: 'The Facebook page id (informative)' },
  ];

  constructor(private readonly baseUrl: string) {}

  handshake(query: Record<string, unknown>, creds: Credentials): string | null {
    return metaHandshake(query, creds.verify_token);
  }

  verify(req: Request & { rawBody?: Buffer }, creds: Credentials): boolean {
    return validMetaSignature(req.headers['x-hub-signature-256'], req.rawBody, creds.app_secret);
  }

  parse(body: unknown): InboundMessage[] {
    const out: InboundMessage[] = [];
    for (const entry of asArray(asRecord(body).entry)) {
      for (const e of asArray(asRecord(entry).messaging)) {
        const event = asRecord(e);
        const message = asRecord(event.message);
        const id = asString(message.mid);
        const sender = asString(asRecord(event.sender).id);
        if (!id || !sender || message.is_echo === true) continue;
        const attachments = asArray(message.attachments)
          .map((a) => asString(asRecord(asRecord(a).payload).url))
          .filter((u): u is string => !!u && /^https?:\/\//.test(u));
        const content = asString(message.text) ?? (attachments.length ? '[attachment]' : '[message]');
        out.push({ externalMessageId: id, sender, content, attachments });
      }
    }
    return out;
  }

  async send(creds: Credentials, to: string, text: string): Promise<void> {
    await postJson(
      `${this.baseUrl}/me/messages`,
      { recipient: { id: to }, messaging_type: 'RESPONSE', message: { text } },
      { authorization: `Bearer ${creds.page_access_token}` },
    );
  }
}
