import type { IncomingHttpHeaders } from 'node:http';
import type { StoredAttachment } from '../../messages/message.entity';

/** One message a platform delivered to the inbound webhook. */
/** What a platform's webhook request carries that an adapter reads: its headers, parsed body and raw bytes (signatures). */
export interface InboundRequest {
  headers: IncomingHttpHeaders;
  body: unknown;
  rawBody?: Buffer;
}

export interface InboundMessage {
  /** The platform's id of the message: a redelivery carries the same id and is stored once. */
  externalMessageId: string;
  /** Who sent it (and where the reply goes): WhatsApp number, Messenger PSID, Telegram chat id. */
  sender: string;
  senderName?: string;
  /** The text (or a media caption); empty when the message is only media, which is then in `attachments`. */
  content: string;
  attachments: StoredAttachment[];
}

/** A platform's edit of a message it delivered before (Telegram `edited_message`). */
export interface InboundEdit {
  /** The id the original message was stored with. */
  externalMessageId: string;
  sender: string;
  content: string;
  /** When the user edited it (the platform's clock): a late, older edit does not overwrite a newer one. */
  editedAt: Date;
}

/** What a verified update holds. */
export interface InboundUpdate {
  /** New messages, in the order the platform sent them. */
  messages: InboundMessage[];
  edits: InboundEdit[];
  /** Messages addressed to another account of the platform (WhatsApp: another phone number id): neither stored nor answered. */
  refused: number;
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
  verify(req: InboundRequest, creds: Credentials): boolean;
  /** The messages and edits in a verified update (others, such as delivery receipts, are ignored). */
  parse(body: unknown, creds: Credentials): InboundUpdate;
  /** Points the platform at our inbound URL, where the platform's API allows it (Telegram's setWebhook). Throws SendError. */
  register?(creds: Credentials, webhookUrl: string): Promise<void>;
  /** Sends a text through the platform's send API. Throws SendError. */
  send(creds: Credentials, to: string, text: string): Promise<void>;
  /** Downloads a media file the platform keeps by id (WhatsApp Cloud API media). Throws SendError; null when the platform does not know the id. */
  fetchMedia?(creds: Credentials, mediaId: string): Promise<MediaDownload | null>;
}

/** A media file as the platform serves it. */
export interface MediaDownload {
  contentType: string;
  contentLength: number | null;
  body: ReadableStream<Uint8Array>;
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
