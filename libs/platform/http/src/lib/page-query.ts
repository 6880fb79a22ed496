import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** The `limit` query field of a list: an integer from 1 to `max`, `fallback` when absent. */
export const LimitField = (fallback: number, max: number) =>
  applyDecorators(
    ApiPropertyOptional({ description: `Page size, 1 to ${max}`, default: fallback, minimum: 1, maximum: max }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'limit must be an integer' }),
    Min(1),
    Max(max),
  );

/** The `cursor` query field of a list: the `next_cursor` of the previous page. */
export const CursorField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: '`next_cursor` of the previous page' }),
    IsOptional(),
    IsString(),
    Matches(/^[A-Za-z0-9_-]{1,512}$/, { message: 'cursor is not valid' }),
  );
