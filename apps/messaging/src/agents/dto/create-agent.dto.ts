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

  @ApiPropertyOptional({
    description:
      "Default language (BCP 47 tag): the language of replies when the user's own language is unclear (`reply_language: auto`). " +
      "Unset: the soul's language. The built-in engine writes pt-BR, English and Spanish (other tags get English); an LLM provider is told the tag.",
    example: 'pt-BR',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/, { message: 'language must be a BCP 47 tag such as en or pt-BR' })
  language?: string;

  @ApiPropertyOptional({
    description:
      '`auto` (default): reply in the language each user message is written in when it is clear (detected per message for pt-BR, English and Spanish; ' +
      "a message that does not show its language, like \"ok\" or \"88412\", keeps the language of the user's earlier messages), else in `language`. " +
      'A BCP 47 tag (`en`, `pt-BR`, `es`…): always reply in that language.',
    example: 'auto',
    default: 'auto',
  })
  @IsOptional()
  @IsString()
  @Matches(/^(?:auto|[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2})$/, { message: 'reply_language must be auto or a BCP 47 tag such as en or pt-BR' })
  reply_language?: string;
}
