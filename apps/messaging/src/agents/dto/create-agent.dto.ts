import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const NAME =
  'Agent name: the name the agent introduces itself by, in its greeting and replies and in the system prompt given to an LLM provider ' +
  '(the soul gives the personality, not the name). Not blank; surrounding whitespace is trimmed.';
export const LANGUAGE =
  "Default language (BCP 47 tag): the language of replies when the user's own language is unclear (`reply_language: auto`). " +
  "Unset: the soul's language. The built-in engine writes pt-BR, English and Spanish (other tags get English); an LLM provider is told the tag.";
export const REPLY_LANGUAGE =
  '`auto` (default): reply in the language each user message is written in when it is clear (detected per message for pt-BR, English and Spanish; ' +
  'a message that does not show its language, like "ok" or "88412", keeps the language of the user\'s earlier messages), else in `language`. ' +
  'A BCP 47 tag (`en`, `pt-BR`, `es`…): always reply in that language.';
export const SOUL_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const SOUL_ID_MESSAGE = 'soul_id must be lower-case letters, digits, - or _ (at most 64)';
export const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$/;
export const REPLY_LANGUAGE_TAG = /^(?:auto|[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2})$/;

export class CreateAgentDto {
  @ApiProperty({ description: NAME, example: 'Ana', maxLength: 120 })
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name: string;

  @ApiProperty({ description: 'Id of the personality (soul); GET /v1/souls lists them', example: 'friendly-support', maxLength: 64 })
  @IsString()
  @IsNotBlank()
  @Matches(SOUL_ID, { message: SOUL_ID_MESSAGE })
  soul_id: string;

  @ApiPropertyOptional({ description: LANGUAGE, example: 'pt-BR' })
  @IsOptional()
  @IsString()
  @Matches(LANGUAGE_TAG, { message: 'language must be a BCP 47 tag such as en or pt-BR' })
  language?: string;

  @ApiPropertyOptional({ description: REPLY_LANGUAGE, example: 'auto', default: 'auto' })
  @IsOptional()
  @IsString()
  @Matches(REPLY_LANGUAGE_TAG, { message: 'reply_language must be auto or a BCP 47 tag such as en or pt-BR' })
  reply_language?: string;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    description: 'Your own data about the agent (a JSON object, at most 16 KB). Omitted or null: `{}`.',
    example: { team: 'support' },
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
