import type { StoredAttachment } from '../../messages/message.entity';
import type { Credentials, InboundUpdate } from './adapter.types';
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

  parse(body: unknown): InboundUpdate {
    const out: InboundUpdate = { messages: [], edits: [], refused: 0 };
    for (const entry of asArray(asRecord(body).entry)) {
      for (const e of asArray(asRecord(entry).messaging)) {
        const event = asRecord(e);
        const message = asRecord(event.message);
        const id = asString(message.mid);
        const sender = asString(asRecord(event.sender).id);
        if (!id || !sender || message.is_echo === true) continue;
        const attachments: StoredAttachment[] = [];
        for (const a of asArray(message.attachments)) {
          const url = asString(asRecord(asRecord(a).payload).url);
          if (url && /^https?:\/\//.test(url)) attachments.push({ type: asString(asRecord(a).type) ?? 'file', url });
        }
        const content = asString(message.text) ?? (attachments.length ? '' : '[message]');
        out.messages.push({ externalMessageId: id, sender, content, attachments });
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
