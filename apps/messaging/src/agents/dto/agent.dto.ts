import { ApiProperty } from '@nestjs/swagger';
import type { Agent } from '../agent.entity';

export class AgentDto {
  @ApiProperty({ example: 'agt_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'Ana', description: 'The name the agent introduces itself by' }) name: string;
  @ApiProperty({ description: 'Personality label', example: 'friendly-support' }) soul: string;
  @ApiProperty({ example: 'friendly-support' }) soul_id: string;
  @ApiProperty({ type: String, nullable: true, example: 'pt-BR' }) language: string | null;
  @ApiProperty({ enum: ['active'], example: 'active' }) status: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T12:00:00.000Z' }) created_at: string;

  static from(a: Agent): AgentDto {
    return {
      id: a.id,
      name: a.name,
      soul: a.soulId,
      soul_id: a.soulId,
      language: a.language,
      status: a.status,
      created_at: a.createdAt.toISOString(),
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
