import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank, IsOptionalNotNull } from '@platform/errors';
import { CursorField, LimitField } from '@platform/http';
import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { CHANNEL_KINDS, Conversation, CONVERSATION_STATUSES, ConversationStatus } from '../conversation.entity';

export const MAX_PAGE_SIZE = 200;

export class ConversationDto {
  @ApiProperty({ example: 'cnv_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' }) agent_id: string;
  @ApiProperty({ enum: CHANNEL_KINDS, example: 'api', description: 'Origin channel' }) channel: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The connected channel (`chn_…`) for conversations opened by a platform' })
  channel_id: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'customer-42',
    description: "The customer's id in the caller's system (or the sender id on a platform)",
  })
  external_id: string | null;
  @ApiProperty({ type: Object, example: { plan: 'pro' } }) metadata: Record<string, unknown>;
  @ApiProperty({
    enum: CONVERSATION_STATUSES,
    example: 'active',
    description: '`active`: the agent answers. `waiting`: handed to a human; the agent does not answer. `closed`: final; new messages are refused (409).',
  })
  status: ConversationStatus;
  @ApiProperty({ example: 2 }) message_count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-21T12:00:01.000Z' }) last_message_at: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z' }) created_at: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:01.000Z' }) updated_at: string;

  static from(c: Conversation): ConversationDto {
    return {
      id: c.id,
      agent_id: c.agentId,
      channel: c.channel,
      channel_id: c.channelId,
      external_id: c.externalId,
      metadata: c.metadata ?? {},
      status: c.status,
      message_count: c.messageCount,
      last_message_at: c.lastMessageAt ? c.lastMessageAt.toISOString() : null,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    };
  }
}

export class ConversationListDto {
  @ApiProperty({ type: [ConversationDto] }) data: ConversationDto[];
  @ApiProperty({ example: 1, description: 'Conversations matching the filters, on every page' }) total: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page', example: null })
  next_cursor: string | null;
}

export class CreateConversationDto {
  @ApiProperty({ description: 'Agent id', example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  agent_id: string;

  @ApiProperty({ enum: CHANNEL_KINDS, description: 'Origin channel', example: 'api' })
  @IsString()
  @IsNotBlank()
  @IsIn(CHANNEL_KINDS, { message: `channel must be one of ${CHANNEL_KINDS.join(', ')}` })
  channel: string;

  @ApiPropertyOptional({
    description:
      "Customer id in the caller's own system; on a platform channel, the user's id there (WhatsApp phone number, Telegram chat id, Messenger PSID), " +
      'to which agent replies and operator messages are sent',
    example: 'customer-42',
    maxLength: 255,
  })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  external_id?: string;

  @ApiPropertyOptional({
    description:
      'The connected channel (`chn_…`, of the same kind as `channel`) the conversation goes through. Without it, a platform conversation with ' +
      "`external_id` goes through the account's only connected channel of that kind; when the account has several channels of that kind it is " +
      'required (422 `missing` at `body.channel_id`); with none, or without `external_id`, the conversation only records its origin and nothing is ' +
      'sent through a platform. At most one conversation per user and channel is open: another answers 409 `conversation_exists`.',
    example: 'chn_01jdv7r3m8x2k4q9w5e6t7y8u0',
    maxLength: 64,
  })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  channel_id?: string;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    description: 'Additional data (a JSON object, at most 16 KB). Omitted or null: `{}`.',
    example: { plan: 'pro' },
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class UpdateConversationDto {
  @ApiPropertyOptional({
    enum: CONVERSATION_STATUSES,
    description:
      'Transitions: active → waiting (hand to a human; the agent stops answering), waiting → active (back to the agent), active or waiting → closed (final). ' +
      'Omit it to keep the status; null is refused (422 `null_not_allowed`).',
    example: 'waiting',
  })
  @IsOptionalNotNull()
  @IsIn(CONVERSATION_STATUSES, { message: `status must be one of ${CONVERSATION_STATUSES.join(', ')}` })
  status?: ConversationStatus;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    description: 'Replaces the metadata (a JSON object, at most 16 KB). null clears it to `{}`, as on creation; omit it to keep the metadata.',
    example: { plan: 'pro' },
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}

export class ListConversationsQuery {
  @ApiPropertyOptional({ description: 'Only this agent’s conversations', example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  agent_id?: string;

  @ApiPropertyOptional({ enum: CONVERSATION_STATUSES })
  @IsOptional()
  @IsIn(CONVERSATION_STATUSES, { message: `status must be one of ${CONVERSATION_STATUSES.join(', ')}` })
  status?: ConversationStatus;

  @LimitField(50, MAX_PAGE_SIZE)
  limit?: number;

  @CursorField()
  cursor?: string;
}
