import type { Request } from 'express';

/** One message a platform delivered to the inbound webhook. */
export interface InboundMessage {
  /** The platform's id of the message: a redelivery carries the same id and is stored once. */
  externalMessageId: string;
  /** Who sent it (and where the reply goes): WhatsApp number, Messenger PSID, Telegram chat id. */
  sender: string;
  senderName?: string;
  content: string;
  attachments: string[];
}

/** The platform credentials as stored (encrypted) for a channel. */
export type Credentials = Record<string, string>;

export interface CredentialField {
  name: string;
  required: boolean;
  /** Shown back in `settings` (not a secret). */
  public?: boolean;
  description: string;
}

/** What the service needs from each instant-messaging platform. */
export interface PlatformAdapter {
  readonly kind: 'whatsapp' | 'telegram' | 'messenger';
  readonly fields: CredentialField[];
  /** Meta's GET handshake: the challenge to echo, or null when the token does not match. */
  handshake?(query: Record<string, unknown>, creds: Credentials): string | null;
  /** Whether the request carries the platform's proof (signature or secret token). */
  verify(req: Request & { rawBody?: Buffer }, creds: Credentials): boolean;
  /** The messages in a verified update (others, such as delivery receipts, are ignored). */
  parse(body: unknown): InboundMessage[];
  /** Points the platform at our inbound URL, where the platform's API allows it (Telegram's setWebhook). Throws SendError. */
  register?(creds: Credentials, webhookUrl: string): Promise<void>;
  /** Sends a text through the platform's send API. Throws SendError. */
  send(creds: Credentials, to: string, text: string): Promise<void>;
}

/** A failed send: `retryable` for network errors, 429 and 5xx. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}
