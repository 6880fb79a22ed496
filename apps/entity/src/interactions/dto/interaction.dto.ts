import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { CursorField, LimitField } from '@platform/http';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Interaction } from '../interaction.entity';

export class SendMessageDto {
  @ApiProperty({ description: 'Text sent to the entity', example: 'Oi! Meu nome é Ana e eu adoro café.', maxLength: 8000 })
  @IsString()
  @IsNotBlank()
  @MaxLength(8000)
  message: string;

  @ApiPropertyOptional({ description: 'Stable id of the end user; the entity keeps a memory of this person', example: 'user-42', maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(200)
  end_user_id?: string;

  @ApiPropertyOptional({ description: 'Display name of the end user', example: 'Ana', maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(200)
  end_user_name?: string;
}

export class ListMessagesQueryDto {
  @ApiPropertyOptional({ description: 'Only turns with this end user' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  end_user_id?: string;

  @ApiPropertyOptional({
    description:
      "API keys: only the turns of this OAuth client's end users, or `owner` for only the account's own (made with its API keys; `client_id` null); " +
      "without it, every turn of the entity: your own and every application's. " +
      "An access token always sees only its own client's turns; naming another client (or `owner`) answers 422.",
    example: 'cli_01jdz3k5q8c9w3m5y4x0b7n2ph',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  client_id?: string;

  @ApiPropertyOptional({ description: 'Only turns created after this instant (ISO 8601)', example: '2026-11-21T12:00:00.000Z' })
  @IsOptional()
  @IsISO8601({ strict: true })
  since?: string;

  @CursorField()
  cursor?: string;

  @LimitField(50, 200)
  limit?: number;
}

export class InteractionDto {
  @ApiProperty({ example: 'int_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph' }) entity_id: string;
  @ApiProperty({ example: 'Oi! Meu nome é Ana.' }) message: string;
  @ApiProperty({ type: String, nullable: true, description: "The entity's reply; null while pending" }) response: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'user-42' }) end_user_id: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: "The OAuth client whose end user this turn is with (an end user is identified per client); null for the account's own API keys",
  })
  client_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Ana' }) end_user_name: string | null;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'] }) status: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why a failed turn failed' }) error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at: string | null;

  static from(i: Interaction): InteractionDto {
    return {
      id: i.id,
      entity_id: i.entityId,
      message: i.message,
      response: i.response,
      end_user_id: i.endUserId,
      client_id: i.clientId,
      end_user_name: i.endUserName,
      status: i.status,
      error: i.error,
      created_at: i.createdAt.toISOString(),
      completed_at: i.completedAt ? i.completedAt.toISOString() : null,
    };
  }
}

export class InteractionResponseDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: InteractionDto }) interaction: InteractionDto;
}

export class PendingResponseDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ example: true }) pending: true;
  @ApiProperty({ example: 'int_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'Poll GET …/messages to find its response' }) interaction_id: string;
}

export class InteractionListDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: [InteractionDto], description: 'Oldest first' }) data: InteractionDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
