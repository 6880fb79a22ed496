import type { StoredAttachment } from '../../messages/message.entity';
import { Credentials, InboundUpdate, MediaDownload, SendError } from './adapter.types';
import { asArray, asRecord, asString, download, getJson, postJson } from './http';

/** Message types whose object carries a media `id` (the rest, like location or contacts, keep a `[type]` text). */
const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);
import { META_WEBHOOK_FIELDS, MetaAdapter } from './meta-adapter';

/** WhatsApp Cloud API: webhook `entry[].changes[].value.messages[]`, send via `POST /{phone_number_id}/messages`. */
export class WhatsAppAdapter extends MetaAdapter {
  readonly kind = 'whatsapp' as const;
  readonly fields = [
    { name: 'access_token', required: true, description: 'System-user or app access token with whatsapp_business_messaging' },
    ...META_WEBHOOK_FIELDS,
    { name: 'phone_number_id', required: true, public: true, description: 'The WhatsApp Business phone number id' },
  ];

  /**
   * `entry[].changes[].value.messages[]`, in order. A change whose `metadata.phone_number_id` is not this
   * channel's (another number of the same app or WABA, or a payload without it) is refused: its messages
   * are counted, not stored, so nothing is answered from this channel's number. Media (image, video, audio,
   * document, sticker) keep their media id and type as an attachment; the text is the caption, if any.
   */
  parse(body: unknown, creds: Credentials): InboundUpdate {
    const update: InboundUpdate = { messages: [], edits: [], refused: 0 };
    for (const entry of asArray(asRecord(body).entry)) {
      for (const change of asArray(asRecord(entry).changes)) {
        const value = asRecord(asRecord(change).value);
        const messages = asArray(value.messages);
        if (asString(asRecord(value.metadata).phone_number_id) !== creds.phone_number_id) {
          update.refused += messages.length;
          continue;
        }
        const names = new Map<string, string>();
        for (const c of asArray(value.contacts)) {
          const id = asString(asRecord(c).wa_id);
          const name = asString(asRecord(asRecord(c).profile).name);
          if (id && name) names.set(id, name);
        }
        for (const m of messages) {
          const msg = asRecord(m);
          const id = asString(msg.id);
          const from = asString(msg.from);
          if (!id || !from) continue;
          const type = asString(msg.type) ?? 'unknown';
          const media = asRecord(msg[type]);
          const mediaId = MEDIA_TYPES.has(type) ? asString(media.id) : undefined;
          const attachments: StoredAttachment[] = [];
          if (mediaId) {
            const a: StoredAttachment = { type, media_id: mediaId };
            const mime = asString(media.mime_type);
            const filename = asString(media.filename);
            if (mime) a.mime_type = mime;
            if (filename) a.filename = filename;
            attachments.push(a);
          }
          const content = asString(asRecord(msg.text).body) ?? asString(media.caption) ?? (mediaId ? '' : `[${type}]`);
          update.messages.push({ externalMessageId: id, sender: from, senderName: names.get(from), content, attachments });
        }
      }
    }
    return update;
  }

  /** Cloud API media: `GET /{media-id}` gives a short-lived URL, which is downloaded with the same token. */
  async fetchMedia(creds: Credentials, mediaId: string): Promise<MediaDownload | null> {
    const headers = { authorization: `Bearer ${creds.access_token}` };
    const meta = await getJson(`${this.baseUrl}/${encodeURIComponent(mediaId)}`, headers);
    if (meta === null) return null;
    const url = asString(asRecord(meta).url);
    if (!url || !/^https?:\/\//.test(url)) throw new SendError('The media lookup answered no download URL', true);
    return download(url, headers);
  }

  async send(creds: Credentials, to: string, text: string): Promise<void> {
    await postJson(
      `${this.baseUrl}/${encodeURIComponent(creds.phone_number_id)}/messages`,
      { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: text } },
      { authorization: `Bearer ${creds.access_token}` },
    );
  }
}
