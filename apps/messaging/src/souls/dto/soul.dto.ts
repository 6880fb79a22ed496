import { ApiProperty } from '@nestjs/swagger';
import type { Soul } from '@platform/conversation';

export class SoulDto {
  @ApiProperty({ example: 'friendly-support', description: 'Pass as `soul_id` when creating an agent' }) id: string;
  @ApiProperty({ example: 'Lia' }) name: string;
  @ApiProperty({ example: 'A warm support agent who solves everyday problems patiently.' }) description: string;
  @ApiProperty({ example: 'warm, upbeat and practical' }) tone: string;
  @ApiProperty({ example: 'pt-BR', description: 'Default language (BCP 47); an agent may override it' }) language: string;
  @ApiProperty({ type: [String], example: ['Lead with the answer.'] }) style_rules: string[];
  @ApiProperty({ example: "Hi! I'm Lia from support." }) greeting: string;

  static from(s: Soul): SoulDto {
    return {
      id: s.id,
      name: s.name,
      description: s.description,
      tone: s.tone,
      language: s.language,
      style_rules: [...s.styleRules],
      greeting: s.greeting,
    };
  }
}

export class SoulListDto {
  @ApiProperty({ type: [SoulDto] }) data: SoulDto[];
  @ApiProperty({ example: 10 }) total: number;
}
