import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { CHANNEL_KINDS } from '../../conversations/conversation.entity';
import type { Channel } from '../channel.entity';

export class WebhookRegistrationDto {
  @ApiProperty({ example: true }) ok: boolean;
  @ApiPropertyOptional({ example: 'HTTP 400: {"ok":false,"description":"Bad Request: bad webhook: HTTPS url must be provided for webhook"}' }) error?: string;
}

export class ChannelDto {
  @ApiProperty({ example: 'chn_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ enum: CHANNEL_KINDS, example: 'telegram' }) kind: string;
  @ApiProperty({ example: 'Support bot on Telegram' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'The agent that answers this channel' }) agent_id: string | null;
  @ApiProperty({ enum: ['active'], example: 'active' }) status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where the platform must send its webhooks (`{PUBLIC_BASE_URL}/v1/inbound/<kind>/<id>`); null for `api`',
    example: 'https://messaging.example.com/v1/inbound/telegram/chn_01jdz3k5q8c9w3m5y4x0b7n2ph',
  })
  webhook_url: string | null;
  @ApiProperty({ type: Object, description: 'Non-secret settings (e.g. `phone_number_id`); credentials are never shown', example: {} })
  settings: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiPropertyOptional({ description: 'Telegram: the generated secret_token to pass to setWebhook; shown only in the creation response' })
  secret_token?: string;

  @ApiPropertyOptional({
    type: WebhookRegistrationDto,
    description:
      'Telegram: whether setWebhook pointed the bot at `webhook_url` (creation response only). When it failed (e.g. the URL is not public HTTPS), call setWebhook yourself with `url` and `secret_token`.',
  })
  webhook_registration?: WebhookRegistrationDto;

  static from(c: Channel, publicBaseUrl: string): ChannelDto {
    return {
      id: c.id,
      kind: c.kind,
      name: c.name,
      agent_id: c.agentId,
      status: c.status,
      webhook_url: c.kind === 'api' ? null : `${publicBaseUrl}/v1/inbound/${c.kind}/${c.id}`,
      settings: c.settings ?? {},
      created_at: c.createdAt.toISOString(),
    };
  }
}

export class ChannelListDto {
  @ApiProperty({ type: [ChannelDto] }) data: ChannelDto[];
  @ApiProperty({ example: 1 }) total: number;
}

export class CreateChannelDto {
  @ApiProperty({ enum: CHANNEL_KINDS, example: 'telegram' })
  @IsString()
  @IsNotBlank()
  @IsIn(CHANNEL_KINDS, { message: `kind must be one of ${CHANNEL_KINDS.join(', ')}` })
  kind: string;

  @ApiPropertyOptional({ description: 'A label; defaults to the kind', maxLength: 120 })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name?: string;

  @ApiPropertyOptional({ description: 'The agent that answers messages arriving on this channel (required except for `api`)' })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  agent_id?: string;

  @ApiPropertyOptional({
    type: Object,
    description:
      'Platform credentials, stored encrypted and never shown. whatsapp: `access_token`, `app_secret`, `verify_token`, `phone_number_id`. ' +
      'messenger: `page_access_token`, `app_secret`, `verify_token`, optional `page_id`. telegram: `bot_token`, optional `secret_token`. api: none.',
    example: { bot_token: '123456:ABC-DEF' },
  })
  @IsOptional()
  @IsObject()
  credentials?: Record<string, unknown>;
}

export class DeletedChannelDto {
  @ApiProperty({ example: 'chn_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}

export class InboundResultDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'New messages stored' }) received: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Redeliveries of messages (or edits) already stored' }) duplicates: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Stored messages changed by the user’s edit (Telegram `edited_message`)' }) edited: number;
  @ApiProperty({
    type: 'integer',
    example: 0,
    description:
      "Messages addressed to another account of the platform (WhatsApp: a `metadata.phone_number_id` that is not the channel's): neither stored nor answered",
  })
  refused: number;
}
