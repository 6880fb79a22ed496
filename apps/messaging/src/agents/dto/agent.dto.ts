import { ApiProperty } from '@nestjs/swagger';
import type { Agent } from '../agent.entity';

export class AgentDto {
  @ApiProperty({ example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'Ana', description: 'The name the agent introduces itself by' }) name: string;
  @ApiProperty({ description: 'Personality label', example: 'friendly-support' }) soul: string;
  @ApiProperty({ example: 'friendly-support' }) soul_id: string;
  @ApiProperty({ type: String, nullable: true, example: 'pt-BR', description: "Default language; null: the soul's" }) language: string | null;
  @ApiProperty({ example: 'auto', description: '`auto`: the language the user writes in (else `language`); or a fixed BCP 47 tag' }) reply_language: string;
  @ApiProperty({ enum: ['active'], example: 'active' }) status: string;
  @ApiProperty({ type: Object, example: { team: 'support' }, description: 'Your own data about the agent' }) metadata: Record<string, unknown>;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z' }) created_at: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z', description: 'Last change (creation or PATCH)' }) updated_at: string;

  static from(a: Agent): AgentDto {
    return {
      id: a.id,
      name: a.name,
      soul: a.soulId,
      soul_id: a.soulId,
      language: a.language,
      reply_language: a.replyLanguage,
      status: a.status,
      metadata: a.metadata ?? {},
      created_at: a.createdAt.toISOString(),
      updated_at: (a.updatedAt ?? a.createdAt).toISOString(),
    };
  }
}

export class AgentListDto {
  @ApiProperty({ type: [AgentDto] }) data: AgentDto[];
  @ApiProperty({ example: 1 }) total: number;
}

export class DeletedDto {
  @ApiProperty({ example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
}
