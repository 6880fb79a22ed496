import type { Credentials, InboundMessage } from './adapter.types';
import { asArray, asRecord, asString, postJson } from './http';
import { META_WEBHOOK_FIELDS, MetaAdapter } from './meta-adapter';

/** Messenger Platform: webhook `entry[].messaging[]`, send via `POST /me/messages` with the page token. */
export class MessengerAdapter extends MetaAdapter {
  readonly kind = 'messenger' as const;
  readonly fields = [
    { name: 'page_access_token', required: true, description: 'The page access token' },
    ...META_WEBHOOK_FIELDS,
    { name: 'page_id', required: false, public: true, description: 'The Facebook page id (informative)' },
  ];

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
