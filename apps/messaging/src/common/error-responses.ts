import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@platform/http';

export class ErrorDto {
  @ApiProperty({ example: 'not_found', description: 'Stable error code' }) error: string;
  @ApiProperty({ example: 'Agent agt_… not found' }) message: string;
  @ApiProperty({ type: 'integer', example: 404, description: 'Equal to the HTTP status' }) status: number;
  @ApiPropertyOptional({
    type: [ErrorDetailDto],
    description: 'Failing fields (422; also 400 `invalid_json`)',
    example: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }],
  })
  details?: ErrorDetailDto[];
  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait (429), as in `Retry-After`', example: 42 }) retry_after?: number;
  @ApiPropertyOptional({ description: 'The conversation’s status (409 `conversation_closed` on a status change)', example: 'closed' })
  current_status?: string;
}

/** The error answers every authenticated route can give, in the messaging envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized: missing or invalid API key' }),
    ApiResponse({ status: 404, type: ErrorDto, description: 'not_found: no such resource in this account' }),
    ApiResponse({ status: 422, type: ErrorDto, description: 'validation_error: with `details`' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limit_exceeded: with `retry_after` and a Retry-After header' }),
  );
