import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { CursorField, LimitField } from '@platform/http';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { Message, MessageAttachment, MESSAGE_ROLES } from '../message.entity';

export const MAX_CONTENT = 8000;

export class AttachmentDto {
  @ApiProperty({
    example: 'image',
    description:
      'What the file is: `file` for a URL posted through the API; from a platform, its own type (WhatsApp `image`, `video`, `audio`, `document`, ' +
      '`sticker`; Messenger `image`, `video`, `audio`, `file`)',
  })
  type: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://messaging.example.com/v1/channels/chn_01jdz3k5q8c9w3m5y4x0b7n2ph/media/1043289537165312',
    description:
      "Where to get it: the URL posted, the platform's public URL (Messenger), or, for media the platform keeps by id (WhatsApp Cloud API), " +
      "GET /v1/channels/{channel_id}/media/{media_id} on this service with your API key, which downloads it through the platform's API " +
      "with the channel's credentials (the platform keeps media for a limited time). null when the channel that received it was disconnected.",
  })
  url: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1043289537165312', description: "The platform's media id (WhatsApp), else null" })
  media_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'image/jpeg', description: 'As the platform gave it, when it did' })
  mime_type: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The file name (WhatsApp documents), when the platform gave one' })
  filename: string | null;

  static from(a: MessageAttachment, channelId: string | null, publicBaseUrl: string): AttachmentDto {
    if (typeof a === 'string') return { type: 'file', url: a, media_id: null, mime_type: null, filename: null };
    const proxied = a.media_id && channelId ? `${publicBaseUrl}/v1/channels/${channelId}/media/${encodeURIComponent(a.media_id)}` : null;
    return { type: a.type, url: a.url ?? proxied, media_id: a.media_id ?? null, mime_type: a.mime_type ?? null, filename: a.filename ?? null };
  }
}

export class MessageDto {
  @ApiProperty({ example: 'msg_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'cnv_01jdz3k5q8c9w3m5y4x0b7n2ph' }) conversation_id: string;
  @ApiProperty({ enum: MESSAGE_ROLES, example: 'user' }) role: string;
  @ApiProperty({
    example: 'Hi, my order has not arrived.',
    description: 'The text (a platform media message: its caption). Empty for a platform message that is only media: see `attachments`.',
  })
  content: string;
  @ApiProperty({
    type: [AttachmentDto],
    description: "Files that came with the message: the URLs posted through the API (`type: file`), or a platform message's media",
  })
  attachments: AttachmentDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    // null listed too: OpenAPI 3.0 validators check `enum` before `nullable`.
    enum: ['pending', 'completed', 'failed', 'skipped', null],
    description: "On a user message: where the agent's reply stands (`skipped` when the conversation is waiting for a human). null on other messages.",
  })
  reply_status: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the reply failed, when it did' }) reply_error: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'On an agent reply: the message it answers' }) reply_to_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'builtin', description: 'On an agent reply: the engine that wrote it' }) provider: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) model: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['pending', 'sent', 'failed', null],
    description: 'On a message sent out through a platform channel: whether the platform accepted it',
  })
  delivery_status: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: null,
    description: "When the platform's user last edited it (Telegram); `content` is the edited text. null if never edited.",
  })
  edited_at: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z' }) created_at: string;

  static from(m: Message, publicBaseUrl: string): MessageDto {
    return {
      id: m.id,
      conversation_id: m.conversationId,
      role: m.role,
      content: m.content,
      attachments: (m.attachments ?? []).map((a) => AttachmentDto.from(a, m.channelId, publicBaseUrl)),
      reply_status: m.replyStatus,
      reply_error: m.replyError,
      reply_to_id: m.replyToId,
      provider: m.provider,
      model: m.model,
      delivery_status: m.deliveryStatus,
      edited_at: m.editedAt ? m.editedAt.toISOString() : null,
      created_at: m.createdAt.toISOString(),
    };
  }
}

export class SendMessageDto {
  @ApiProperty({
    description: 'Message text: not empty, and not only whitespace (422 `missing` for both)',
    example: 'Hi, my order has not arrived.',
    maxLength: MAX_CONTENT,
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(MAX_CONTENT)
  content: string;

  @ApiPropertyOptional({
    enum: MESSAGE_ROLES,
    default: 'user',
    description:
      '`user` messages are answered by the agent (when the conversation is `active`) and sent to the webhook as `message.received`; ' +
      '`assistant` (e.g. a human operator) and `system` messages are stored only (an operator message in a platform conversation is also sent to the user), and are not webhook events',
  })
  @IsOptional()
  @IsIn(MESSAGE_ROLES, { message: `role must be one of ${MESSAGE_ROLES.join(', ')}` })
  role?: (typeof MESSAGE_ROLES)[number];

  @ApiPropertyOptional({ type: [String], description: 'URLs of files (http or https), at most 10', example: ['https://example.com/receipt.pdf'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(2048, { each: true })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { each: true, message: 'each attachment must be an http(s) URL' })
  attachments?: string[];
}

@ApiExtraModels(MessageDto)
export class SendMessageResultDto {
  @ApiProperty({ type: MessageDto, description: 'The stored message' }) message: MessageDto;
  // OpenAPI 3.0 ignores `nullable` beside `allOf`/`$ref` (strict validators refuse null there): a oneOf of the
  // message and a null-only schema is how 3.0 says "a MessageDto or null".
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(MessageDto) }, { type: 'object', nullable: true, enum: [null], description: 'No reply' }],
    description: "The agent's reply; null while it is pending, or when none is due",
  })
  reply: MessageDto | null;
  @ApiProperty({
    enum: ['completed', 'pending', 'failed', 'skipped'],
    description:
      '`completed`: `reply` holds the answer. `pending`: the provider failed or timed out; the reply is retried in the background and will appear in the history. ' +
      '`failed`: the provider refused the request for good. `skipped`: no reply is due (not a user message, or the conversation is waiting for a human).',
  })
  reply_status: string;
}

export class MessageListDto {
  @ApiProperty({ type: [MessageDto] }) data: MessageDto[];
  @ApiProperty({ example: 2 }) total: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next (later) page; null on the last page' }) next_cursor: string | null;
}

export class ListMessagesQuery {
  @LimitField(100, 500)
  limit?: number;

  @CursorField()
  cursor?: string;
}
