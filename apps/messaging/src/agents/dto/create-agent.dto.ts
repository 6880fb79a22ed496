import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CreateAgentDto {
  @ApiProperty({
    description:
      'Agent name: the name the agent introduces itself by, in its greeting and replies and in the system prompt given to an LLM provider ' +
      "(the soul gives the personality, not the name). Not blank; surrounding whitespace is trimmed.",
    example: 'Ana',
    maxLength: 120,
  })
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name: string;

  @ApiProperty({ description: 'Id of the personality (soul)', example: 'friendly-support', maxLength: 64 })
  @IsString()
  @IsNotBlank()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/, { message: 'soul_id must be lower-case letters, digits, - or _ (at most 64)' })
  soul_id: string;

  @ApiPropertyOptional({ description: 'Default language (BCP 47 tag)', example: 'pt-BR' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/, { message: 'language must be a BCP 47 tag such as en or pt-BR' })
  language?: string;
}
