import type { Request } from 'express';
import type { Credentials, InboundMessage, PlatformAdapter } from './adapter.types';
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

  verify(req: Request, creds: Credentials): boolean {
    const given = req.headers['x-telegram-bot-api-secret-token'];
    return typeof given === 'string' && !!creds.secret_token && safeEqual(given, creds.secret_token);
  }

  parse(body: unknown): InboundMessage[] {
    const update = asRecord(body);
    const message = asRecord(update.message ?? update.edited_message);
    const chat = asString(asRecord(message.chat).id);
    const messageId = asString(message.message_id);
    if (!chat || !messageId) return [];
    const from = asRecord(message.from);
    const name = [asString(from.first_name), asString(from.last_name)].filter(Boolean).join(' ') || undefined;
    const content = asString(message.text) ?? asString(message.caption) ?? '[message]';
    const edited = update.edited_message ? `:edit:${asString(asRecord(update.edited_message).edit_date) ?? ''}` : '';
    return [{ externalMessageId: `${chat}:${messageId}${edited}`, sender: chat, senderName: name, content, attachments: [] }];
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
