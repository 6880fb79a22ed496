import { ApiPropertyOptional } from '@nestjs/swagger';
import { CursorField, LimitField } from '@platform/http';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class TraitsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptional() @IsNumber() @Min(0) @Max(1) warmth?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptional() @IsNumber() @Min(0) @Max(1) formality?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptional() @IsNumber() @Min(0) @Max(1) humor?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptional() @IsNumber() @Min(0) @Max(1) curiosity?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 1 }) @IsOptional() @IsNumber() @Min(0) @Max(1) directness?: number;
}

export class PersonalityPatchDto {
  @ApiPropertyOptional({ type: TraitsDto }) @IsOptional() @IsObject() @ValidateNested() @Type(() => TraitsDto) traits?: TraitsDto;
  @ApiPropertyOptional({ example: 'warm, curious' }) @IsOptional() @IsString() @MaxLength(200) tone?: string;
  @ApiPropertyOptional({ enum: ['pt-BR', 'en'] }) @IsOptional() @IsIn(['pt-BR', 'en']) language?: 'pt-BR' | 'en';
  @ApiPropertyOptional({ type: [String] })
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(300, { each: true })
  style_rules?: string[];
  @ApiPropertyOptional({ example: 'Oi! Eu sou a Lia.' }) @IsOptional() @IsString() @MaxLength(500) greeting?: string;
}

/** PATCH body: only the fields given change. Changing `purpose` re-derives the personality unless one is given. */
export class UpdateEntityDto {
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(120) name?: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(2000) purpose?: string;
  @ApiPropertyOptional({ enum: ['active', 'paused', 'archived'], description: 'paused and archived entities answer messages with 409 entity_unavailable' })
  @IsOptional() @IsIn(['active', 'paused', 'archived'])
  status?: 'active' | 'paused' | 'archived';
  @ApiPropertyOptional({ type: PersonalityPatchDto })
  @IsOptional() @IsObject() @ValidateNested() @Type(() => PersonalityPatchDto)
  personality?: PersonalityPatchDto;
}

export class ListEntitiesQueryDto {
  @ApiPropertyOptional({ description: "Only entities created for this user of the client's system" })
  @IsOptional() @IsString() @MaxLength(200)
  external_user_id?: string;

  @LimitField(25, 100)
  limit?: number;

  @CursorField()
  cursor?: string;
}
