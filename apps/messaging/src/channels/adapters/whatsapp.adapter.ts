import type { Credentials, InboundMessage } from './adapter.types';
import { asArray, asRecord, asString, postJson } from './http';
import { META_WEBHOOK_FIELDS, MetaAdapter } from './meta-adapter';

/** WhatsApp Cloud API: webhook `entry[].changes[].value.messages[]`, send via `POST /{phone_number_id}/messages`. */
export class WhatsAppAdapter extends MetaAdapter {
  readonly kind = 'whatsapp' as const;
  readonly fields = [
    { name: 'access_token', required: true, description: 'System-user or app access token with whatsapp_business_messaging' },
    ...META_WEBHOOK_FIELDS,
    { name: 'phone_number_id', required: true, public: true, description: 'The WhatsApp Business phone number id' },
  ];

  parse(body: unknown): InboundMessage[] {
    const out: InboundMessage[] = [];
    for (const entry of asArray(asRecord(body).entry)) {
      for (const change of asArray(asRecord(entry).changes)) {
        const value = asRecord(asRecord(change).value);
        const names = new Map<string, string>();
        for (const c of asArray(value.contacts)) {
          const id = asString(asRecord(c).wa_id);
          const name = asString(asRecord(asRecord(c).profile).name);
          if (id && name) names.set(id, name);
        }
        for (const m of asArray(value.messages)) {
          const msg = asRecord(m);
          const id = asString(msg.id);
          const from = asString(msg.from);
          if (!id || !from) continue;
          const type = asString(msg.type) ?? 'unknown';
          const media = asRecord(msg[type]);
          const content = asString(asRecord(msg.text).body) ?? asString(media.caption) ?? `[${type}]`;
          out.push({ externalMessageId: id, sender: from, senderName: names.get(from), content, attachments: [] });
        }
      }
    }
    return out;
  }

  async send(creds: Credentials, to: string, text: string): Promise<void> {
    await postJson(
      `${this.baseUrl}/${encodeURIComponent(creds.phone_number_id)}/messages`,
      { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: text } },
      { authorization: `Bearer ${creds.access_token}` },
    );
  }
}
