import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank, IsOptionalNotNull } from '@platform/errors';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LANGUAGE, LANGUAGE_TAG, NAME, REPLY_LANGUAGE, REPLY_LANGUAGE_TAG, SOUL_ID, SOUL_ID_MESSAGE } from './create-agent.dto';

/** PATCH: every field optional; what is given is validated as on creation. */
export class UpdateAgentDto {
  @ApiPropertyOptional({ description: `${NAME} Omit it to keep the name; null is refused.`, example: 'Ana', maxLength: 120 })
  @IsOptionalNotNull()
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name?: string;

  @ApiPropertyOptional({
    description: 'Id of the personality (soul); an unknown id answers 422. Omit it to keep the soul; null is refused.',
    example: 'concise-expert',
    maxLength: 64,
  })
  @IsOptionalNotNull()
  @IsString()
  @IsNotBlank()
  @Matches(SOUL_ID, { message: SOUL_ID_MESSAGE })
  soul_id?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: `${LANGUAGE} null goes back to the soul's language.`, example: 'en' })
  @IsOptional()
  @IsString()
  @Matches(LANGUAGE_TAG, { message: 'language must be a BCP 47 tag such as en or pt-BR' })
  language?: string | null;

  @ApiPropertyOptional({ description: `${REPLY_LANGUAGE} Omit it to keep it; null is refused.`, example: 'auto' })
  @IsOptionalNotNull()
  @IsString()
  @Matches(REPLY_LANGUAGE_TAG, { message: 'reply_language must be auto or a BCP 47 tag such as en or pt-BR' })
  reply_language?: string;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    description: 'Replaces the metadata (a JSON object, at most 16 KB); null clears it to `{}`; omit it to keep it.',
    example: { team: 'sales' },
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;
}
