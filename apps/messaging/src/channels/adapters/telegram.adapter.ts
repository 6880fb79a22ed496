import type { Credentials, InboundRequest, InboundUpdate, PlatformAdapter } from './adapter.types';
import { asRecord, asString, postJson, safeEqual } from './http';

/** Telegram Bot API: updates with `X-Telegram-Bot-Api-Secret-Token`, send via `POST /bot<token>/sendMessage`. */
export class TelegramAdapter implements PlatformAdapter {
  readonly kind = 'telegram' as const;
  readonly fields = [
    { name: 'bot_token', required: true, description: 'The token @BotFather gave the bot' },
    {
      name: 'secret_token',
      required: false,
      description: 'The secret_token passed to setWebhook (1-256 of A-Z a-z 0-9 _ -); generated and shown once when omitted',
    },
  ];

  constructor(private readonly baseUrl: string) {}

  verify(req: InboundRequest, creds: Credentials): boolean {
    const given = req.headers['x-telegram-bot-api-secret-token'];
    return typeof given === 'string' && !!creds.secret_token && safeEqual(given, creds.secret_token);
  }

  /**
   * `message` is a new message; `edited_message` is the user's edit of one sent before (same
   * `message_id`): it updates the stored message instead of opening a new turn.
   */
  parse(body: unknown): InboundUpdate {
    const update = asRecord(body);
    const out: InboundUpdate = { messages: [], edits: [], refused: 0 };
    const edited = update.edited_message !== undefined && update.message === undefined;
    const message = asRecord(edited ? update.edited_message : update.message);
    const chat = asString(asRecord(message.chat).id);
    const messageId = asString(message.message_id);
    if (!chat || !messageId) return out;
    const content = asString(message.text) ?? asString(message.caption) ?? '[message]';
    const externalMessageId = `${chat}:${messageId}`;
    if (edited) {
      const at = Number(message.edit_date);
      out.edits.push({ externalMessageId, sender: chat, content, editedAt: new Date(Number.isFinite(at) && at > 0 ? at * 1000 : Date.now()) });
      return out;
    }
    const from = asRecord(message.from);
    const name = [asString(from.first_name), asString(from.last_name)].filter(Boolean).join(' ') || undefined;
    out.messages.push({ externalMessageId, sender: chat, senderName: name, content, attachments: [] });
    return out;
  }

  async register(creds: Credentials, webhookUrl: string): Promise<void> {
    await postJson(`${this.baseUrl}/bot${creds.bot_token}/setWebhook`, {
      url: webhookUrl,
      secret_token: creds.secret_token,
      allowed_updates: ['message', 'edited_message'],
    });
  }

  async send(creds: Credentials, to: string, text: string): Promise<void> {
    await postJson(`${this.baseUrl}/bot${creds.bot_token}/sendMessage`, { chat_id: to, text });
  }
}
