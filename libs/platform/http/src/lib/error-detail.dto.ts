import { ApiProperty } from '@nestjs/swagger';

/** One problem with a request, as every service's error envelope lists them (`details`, creative's `detail`/`errors`). */
export class ErrorDetailDto {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    description: 'Where: `body`, `query`, `path` or `header`, then field names and array indexes',
    example: ['body', 'name'],
  })
  loc: (string | number)[];

  @ApiProperty({ example: 'Field required', description: 'What is wrong, for people' })
  msg: string;

  @ApiProperty({ example: 'missing', description: 'Kind of problem, a stable string (`missing`, `string_type`, `json_too_deep`, …)' })
  type: string;
}
