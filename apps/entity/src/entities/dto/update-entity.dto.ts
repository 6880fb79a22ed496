import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank, IsOptionalNotNull } from '@platform/errors';
import { CursorField, LimitField } from '@platform/http';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNumber, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';

export class TraitsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptionalNotNull() @IsNumber() @Min(0) @Max(1) warmth?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptionalNotNull() @IsNumber() @Min(0) @Max(1) formality?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptionalNotNull() @IsNumber() @Min(0) @Max(1) humor?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptionalNotNull() @IsNumber() @Min(0) @Max(1) curiosity?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptionalNotNull() @IsNumber() @Min(0) @Max(1) directness?: number;
}

export class PersonalityPatchDto {
  @ApiPropertyOptional({ type: TraitsDto }) @IsOptionalNotNull() @IsObject() @ValidateNested() @Type(() => TraitsDto) traits?: TraitsDto;
  @ApiPropertyOptional({ example: 'warm, curious', maxLength: 200 }) @IsOptionalNotNull() @IsString() @IsNotBlank() @MaxLength(200) tone?: string;
  @ApiPropertyOptional({
    enum: ['pt-BR', 'en', 'es'],
    description: "Default language: replies use it when the person's own language is unclear (or always, with `reply_language` set to it)",
  })
  @IsOptionalNotNull()
  @IsIn(['pt-BR', 'en', 'es'])
  language?: 'pt-BR' | 'en' | 'es';
  @ApiPropertyOptional({
    example: 'auto',
    description:
      '`auto` (default): reply in the language each message is written in when it is clear (detected per message for pt-BR, English and Spanish; ' +
      'an unclear one such as "ok" keeps the person\'s earlier language), else in `language`. A BCP 47 tag (`en`, `pt-BR`, `es`…): always that language.',
  })
  @IsOptionalNotNull()
  @IsString()
  @Matches(/^(?:auto|[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2})$/, { message: 'reply_language must be auto or a BCP 47 tag such as en or pt-BR' })
  reply_language?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @IsNotBlank({ each: true })
  @MaxLength(300, { each: true })
  style_rules?: string[];
  @ApiPropertyOptional({ example: 'Oi! Eu sou a Lia.', maxLength: 500 }) @IsOptionalNotNull() @IsString() @IsNotBlank() @MaxLength(500) greeting?: string;
}

/**
 * PATCH body: only the fields given change; an explicit null is refused (422 `null_not_allowed`: omit the field instead).
 * Changing `purpose` re-derives the personality unless one is given.
 */
export class UpdateEntityDto {
  @ApiPropertyOptional({ maxLength: 120, description: 'Not blank; trimmed. The greeting follows a new name unless `personality.greeting` is given too.' })
  @IsOptionalNotNull()
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name?: string;
  @ApiPropertyOptional({ maxLength: 2000, description: 'Not blank; trimmed' }) @IsOptionalNotNull() @IsString() @IsNotBlank() @MaxLength(2000) purpose?: string;
  @ApiPropertyOptional({ enum: ['active', 'paused', 'archived'], description: 'paused and archived entities answer messages with 409 entity_unavailable' })
  @IsOptionalNotNull()
  @IsIn(['active', 'paused', 'archived'])
  status?: 'active' | 'paused' | 'archived';
  @ApiPropertyOptional({ type: PersonalityPatchDto })
  @IsOptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => PersonalityPatchDto)
  personality?: PersonalityPatchDto;
}

export class ListEntitiesQueryDto {
  @ApiPropertyOptional({ description: "Only entities created for this user of the client's system" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  external_user_id?: string;

  @LimitField(25, 100)
  limit?: number;

  @CursorField()
  cursor?: string;
}
