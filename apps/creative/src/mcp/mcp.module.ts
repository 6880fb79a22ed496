import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';

/** `POST /v1/mcp`: the MCP endpoint; its tools reach the other feature folders' controllers through the module graph (ModuleRef). */
@Module({
  controllers: [McpController],
  providers: [McpService],
  exports: [McpService],
})
export class McpModule {}
