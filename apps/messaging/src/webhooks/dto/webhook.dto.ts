import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { CursorField, LimitField } from '@platform/http';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DeliveryAttempt, DELIVERY_STATES, DeliveryState, WebhookDelivery } from '../webhook-delivery.entity';
import type { WebhookEndpoint } from '../webhook-endpoint.entity';

export class WebhookSettingsDto {
  @ApiProperty({ type: String, nullable: true, example: 'https://example.com/hooks/messaging', description: 'null when no webhook is set' })
  url: string | null;
  @ApiProperty({ example: true }) enabled: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Shown only when the secret is created or rotated',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret: string | null;
  @ApiProperty({
    example: ['message.received'],
    type: [String],
    description:
      'The events sent. `message.received`: a `user` message was stored (posted through the API with role `user`, or arriving from a platform), ' +
      'whether or not the agent answers it; `data.role` is always `user`. Operator (`assistant`) and `system` messages and agent replies are not events.',
  })
  events: string[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) created_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) updated_at: string | null;

  static from(e: WebhookEndpoint | null, secret: string | null = null): WebhookSettingsDto {
    return {
      url: e?.url ?? null,
      enabled: e?.enabled ?? false,
      secret,
      events: ['message.received'],
      created_at: e ? e.createdAt.toISOString() : null,
      updated_at: e ? e.updatedAt.toISOString() : null,
    };
  }
}

export class PutWebhookSettingsDto {
  @ApiProperty({ description: 'Where events are POSTed (http or https; private addresses are refused)', example: 'https://example.com/hooks/messaging' })
  @IsString()
  @IsNotBlank()
  @MaxLength(2048)
  @Matches(/^https?:\/\/\S+$/i, { message: 'url must be an http:// or https:// URL' })
  url: string;

  @ApiPropertyOptional({
    description:
      '`false` pauses deliveries without removing the webhook: events that happen while it is paused are kept (`status: held` in ' +
      'GET /v1/webhook-deliveries) and sent, oldest first, when it is set back to `true`; removing the webhook drops them (`failed`). ' +
      'Omit it to keep the current setting (new webhooks start enabled).',
    default: true,
  })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ description: 'Make a new signing secret (shown once in the response); the old one stops working at once', default: false })
  @IsOptional()
  @IsBoolean()
  rotate_secret?: boolean;
}

export class DeliveryAttemptDto {
  @ApiProperty({ example: 1 }) attempt: number;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) status_code: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) error: string | null;
  @ApiProperty({ example: 35 }) duration_ms: number;
}

export class WebhookDeliveryDto {
  @ApiProperty({ example: 'whd_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'Also sent as the `webhook-id` header' }) id: string;
  @ApiProperty({ example: 'message.received' }) event: string;
  @ApiProperty({ example: 'https://example.com/hooks/messaging' }) url: string;
  @ApiProperty({
    enum: DELIVERY_STATES,
    example: 'succeeded',
    description: '`held`: recorded while the webhook was paused, sent when it is enabled again. `pending`: being sent or retried.',
  })
  status: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: [DeliveryAttemptDto] }) attempt_log: DeliveryAttempt[];
  @ApiProperty({ type: Number, nullable: true, example: 200 }) last_status_code: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) last_error: string | null;
  @ApiProperty({ type: String, nullable: true }) conversation_id: string | null;
  @ApiProperty({ type: String, nullable: true }) message_id: string | null;
  @ApiProperty({ type: Object, description: 'The body that is sent' }) payload: Record<string, unknown>;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(d: WebhookDelivery): WebhookDeliveryDto {
    return {
      id: d.id,
      event: d.event,
      url: d.url,
      status: d.status,
      attempts: d.attempts,
      attempt_log: d.attemptLog,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      conversation_id: d.conversationId,
      message_id: d.messageId,
      payload: d.payload,
      delivered_at: d.deliveredAt ? d.deliveredAt.toISOString() : null,
      created_at: d.createdAt.toISOString(),
    };
  }
}

export class WebhookDeliveryListDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) data: WebhookDeliveryDto[];
  @ApiProperty({ example: 1 }) total: number;
  @ApiProperty({ type: String, nullable: true, example: null }) next_cursor: string | null;
}

export class ListDeliveriesQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATES })
  @IsOptional()
  @IsIn(DELIVERY_STATES, { message: `status must be one of ${DELIVERY_STATES.join(', ')}` })
  status?: DeliveryState;

  @ApiPropertyOptional({ description: 'Only deliveries about this conversation' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  conversation_id?: string;

  @LimitField(50, 200)
  limit?: number;

  @CursorField()
  cursor?: string;
}
