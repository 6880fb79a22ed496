import { ApiProperty } from '@nestjs/swagger';

/** RFC 9728 §2. */
export class ProtectedResourceMetadataDto {
  @ApiProperty({ description: 'The resource indicator (RFC 8707) of the MCP endpoint', example: 'https://creative.example.com/v1/mcp' })
  resource!: string;

  @ApiProperty({ type: [String], description: 'Issuers of the authorization servers (this service)', example: ['https://creative.example.com'] })
  authorization_servers!: string[];

  @ApiProperty({ type: [String], enum: ['read', 'design', 'render', 'video', 'billing'], description: 'Scopes a connector may be granted' })
  scopes_supported!: string[];

  @ApiProperty({ type: [String], enum: ['header'], description: 'Access tokens go in `Authorization: Bearer`' })
  bearer_methods_supported!: string[];

  @ApiProperty({ example: 'Creative MCP server' })
  resource_name!: string;

  @ApiProperty({ description: 'Human-readable documentation' })
  resource_documentation!: string;
}
