import { ApiProperty } from '@nestjs/swagger';
import type { EntityRecord } from '../entity-record.entity';

export class EntityDto {
  @ApiProperty({ example: 'ent_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'Lia' }) name: string;
  @ApiProperty({ example: 'A study companion who helps with Portuguese grammar' }) purpose: string;
  @ApiProperty({ type: String, nullable: true, example: 'user-42' }) external_user_id: string | null;
  @ApiProperty({ enum: ['active', 'paused', 'archived'], example: 'active' }) status: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(e: EntityRecord): EntityDto {
    return {
      id: e.id,
      name: e.name,
      purpose: e.purpose,
      external_user_id: e.externalUserId,
      status: e.status,
      created_at: e.createdAt.toISOString(),
    };
  }
}

export class EntityResponseDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: EntityDto }) entity: EntityDto;
}
