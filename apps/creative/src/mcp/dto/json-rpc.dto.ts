import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class JsonRpcErrorObjectDto {
  @ApiProperty({
    type: 'integer',
    example: -32000,
    description: 'JSON-RPC error code (-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 invalid params, -32000 transport)',
  })
  code: number;
  @ApiProperty({ example: 'Not Acceptable: Client must accept both application/json and text/event-stream' }) message: string;
  @ApiPropertyOptional({ description: 'Extra information' }) data?: unknown;
}

/** A JSON-RPC 2.0 message the MCP endpoint sends: a response with `result`, or an error. */
export class JsonRpcMessageDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: string;
  @ApiProperty({
    oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }],
    description: 'The id of the request answered (null when it could not be read)',
  })
  id: string | number | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: "The method's result (`tools/list`, `tools/call`…)" })
  result?: Record<string, unknown>;
  @ApiPropertyOptional({ type: JsonRpcErrorObjectDto }) error?: JsonRpcErrorObjectDto;
}

/** A JSON-RPC 2.0 error answered by the transport (bad Accept or Content-Type, unreadable message, Host not allowed, 405). */
export class JsonRpcErrorDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: string;
  @ApiProperty({ type: JsonRpcErrorObjectDto }) error: JsonRpcErrorObjectDto;
  // OpenAPI 3.0's `nullable` needs a `type` beside it: null is one of the alternatives, not the whole schema.
  @ApiProperty({ oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }], example: null }) id: string | number | null;
}

/** A JSON-RPC 2.0 request or notification sent by an MCP client. */
export class JsonRpcRequestDto {
  @ApiProperty({ enum: ['2.0'] }) jsonrpc: string;
  @ApiProperty({
    example: 'tools/call',
    description: '`initialize`, `tools/list`, `tools/call`, `prompts/list`, `prompts/get`, `resources/list`, `resources/read`, `ping`, or a notification',
  })
  method: string;
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Absent for notifications' }) id?: string | number;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { name: 'get_design', arguments: { design_id: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' } },
  })
  params?: Record<string, unknown>;
}
