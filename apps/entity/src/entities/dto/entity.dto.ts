import { ApiProperty } from '@nestjs/swagger';
import type { EntityRecord } from '../entity-record.entity';
import type { Personality } from '../personality';

export class EntityDto {
  @ApiProperty({ example: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'Lia' }) name: string;
  @ApiProperty({ example: 'A study companion who helps with Portuguese grammar' }) purpose: string;
  @ApiProperty({ type: String, nullable: true, example: 'user-42' }) external_user_id: string | null;
  @ApiProperty({ enum: ['active', 'paused', 'archived'], example: 'active' }) status: string;
  @ApiProperty({
    description:
      'Derived from the purpose, deterministically; editable with PATCH. `language`: the default language; `reply_language`: `auto` (reply in the ' +
      'language the person writes in, else `language`) or a fixed BCP 47 tag.',
    example: {
      traits: { warmth: 0.66, formality: 0.47, humor: 0.29, curiosity: 0.78, directness: 0.61 },
      tone: 'friendly, curious, direct',
      language: 'en',
      reply_language: 'auto',
      style_rules: ['Answer in English.'],
      greeting: "Hi! I'm Lia. How can I help you today?",
    },
  })
  personality: Personality;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(e: EntityRecord): EntityDto {
    return {
      id: e.id,
      name: e.name,
      purpose: e.purpose,
      external_user_id: e.externalUserId,
      status: e.status,
      personality: { ...e.personality, reply_language: e.personality.reply_language ?? 'auto' },
      created_at: e.createdAt.toISOString(),
    };
  }
}

export class EntityResponseDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: EntityDto }) entity: EntityDto;
}

export class EntityListDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: [EntityDto] }) data: EntityDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) next_cursor: string | null;
}

export class DeletedEntityDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ example: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: true;
}
