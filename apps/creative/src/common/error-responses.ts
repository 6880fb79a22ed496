import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@platform/http';

export class HTTPValidationErrorDto {
  @ApiProperty({ type: [ErrorDetailDto], example: [{ loc: ['body', 'colors', 0], msg: 'each value in colors must be a hex color such as #1A2B3C', type: 'value_error' }] })
  detail: ErrorDetailDto[];
}

export class ErrorDto {
  @ApiProperty({ example: 'Invalid or revoked credential' }) detail: string;
  @ApiProperty({ example: 'unauthorized' }) code: string;
  @ApiPropertyOptional({ type: [ErrorDetailDto], description: 'Where the request is wrong, when the error names it (400 `invalid_json`)' })
  errors?: ErrorDetailDto[];
  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait (429), as in `Retry-After`', example: 42 }) retry_after?: number;
}

/** Error answers of authenticated routes, in the creative envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized' }),
    ApiResponse({ status: 422, type: HTTPValidationErrorDto, description: 'Validation error' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limited, with Retry-After' }),
  );
