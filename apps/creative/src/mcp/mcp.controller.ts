import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { readJsonBody } from '@platform/http';
import type { Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import type { CreativeConfig } from '../config';
import { JsonRpcErrorDto, JsonRpcMessageDto, JsonRpcRequestDto } from './dto/json-rpc.dto';
import { McpService, selectTools } from './mcp.service';
import { insufficientScopeResult, missingToolScope } from './tool-scopes';
import { DEFAULT_TOOLSETS, TOOLSETS } from './tools';

const JSON_RPC_ERROR = { $ref: getSchemaPath(JsonRpcErrorDto) };
const METHOD_NOT_ALLOWED = {
  status: 405,
  description: 'The endpoint is stateless (no server-sent event stream, no session to end): only POST',
  schema: JSON_RPC_ERROR,
  headers: { Allow: { schema: { type: 'string', enum: ['POST'] } } },
};

/** What the SDK's stateless example answers to GET and DELETE. */
function methodNotAllowed(res: Response): void {
  res
    .status(405)
    .setHeader('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
}

@ApiTags('mcp')
@ErrorResponses()
@ApiExtraModels(JsonRpcErrorDto, JsonRpcMessageDto, JsonRpcRequestDto)
@Controller('v1/mcp')
export class McpController {
  private readonly hostCheck: RequestHandler | null;

  constructor(
    private readonly mcp: McpService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {
    this.hostCheck = config.mcp.allowedHosts ? hostHeaderValidation(config.mcp.allowedHosts) : null;
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'MCP endpoint (Streamable HTTP, stateless)',
    description:
      'The Model Context Protocol over Streamable HTTP (`@modelcontextprotocol/sdk`), stateless: every POST carries one JSON-RPC message and is answered ' +
      'with JSON (no session id, no event stream). Send `Accept: application/json, text/event-stream` and `Content-Type: application/json`. ' +
      'Credentials as for REST (`x-api-key` or `Authorization: Bearer`), checked before the message is read (401); each POST counts against the rate limit. ' +
      'Hosted connectors use OAuth 2.1 instead (`Authorization: Bearer <access token>`): the 401 names the protected resource metadata ' +
      '(`WWW-Authenticate: Bearer realm="creative", resource_metadata="{PUBLIC_BASE_URL}/.well-known/oauth-protected-resource/v1/mcp"`); a token holds the scopes ' +
      'its user granted (`read`, `design`, `render`, `video`, `billing`) and a tool needing another answers an `isError` result `insufficient_scope` naming it. ' +
      'The body may be as large as an upload as base64 or a design body, the larger (max(ASSET_UPLOAD_LIMIT × 4/3, DESIGN_BODY_LIMIT) + 64 KB, not BODY_LIMIT): 413 `payload_too_large` above. ' +
      'Tools: one per REST capability, calling the same code, with the REST validation (tool errors are results with `isError` and the REST error body). ' +
      'Tool arguments are closed: an unknown one is an `isError` result naming it and the nearest valid name, and nothing runs. Input schemas follow ' +
      "OpenAI's strict function rules (every argument listed in `required`, null for one not given; no references: the IR is the resource " +
      '`creative://schemas/ir`, passed as an object or as JSON text). `?tools=` selects toolsets (default catalogue, design, render; `all`). ' +
      'Prompts: `goal_to_campaign`. Resources: `creative://catalogue/templates`, `creative://schemas/ir`, `creative://schemas/brief`. ' +
      "The Host header must name PUBLIC_BASE_URL's host, localhost, 127.0.0.1, [::1] or one of MCP_ALLOWED_HOSTS (DNS-rebinding protection): 403 otherwise.",
  })
  @ApiBody({ required: true, schema: { $ref: getSchemaPath(JsonRpcRequestDto) } })
  @ApiResponse({ status: 200, description: 'The JSON-RPC response', schema: { $ref: getSchemaPath(JsonRpcMessageDto) } })
  @ApiResponse({ status: 202, description: 'A notification or a response was accepted (no body)' })
  @ApiResponse({
    status: 400,
    description: 'The body is not a JSON-RPC message (JSON-RPC -32700/-32600), or not JSON at all (`invalid_json`)',
    schema: { oneOf: [JSON_RPC_ERROR, { $ref: getSchemaPath(ErrorDto) }] },
  })
  @ApiResponse({ status: 403, description: 'The Host header is not allowed (DNS-rebinding protection)', schema: JSON_RPC_ERROR })
  @ApiResponse({ status: 406, description: 'Accept must list application/json and text/event-stream', schema: JSON_RPC_ERROR })
  @ApiResponse({ status: 415, description: 'Content-Type must be application/json', schema: { oneOf: [JSON_RPC_ERROR, { $ref: getSchemaPath(ErrorDto) }] } })
  @ApiQuery({
    name: 'tools',
    required: false,
    description:
      `The toolsets this connection offers, comma-separated: ${Object.keys(TOOLSETS).join(', ')}, \`read\` (every read-only tool) or \`all\`. ` +
      `Default ${DEFAULT_TOOLSETS.join(',')} (a tools/list under 40 KB). 422 for an unknown name.`,
    schema: { type: 'string', example: 'design,video' },
  })
  async post(@Auth() auth: AuthContext, @Req() req: Request, @Res() res: Response, @Query('tools') tools?: string): Promise<void> {
    if (!this.hostAllowed(req, res)) return;
    // Read here, after the credential was checked (the global parser leaves this path alone): an upload tool's body may
    // hold a whole asset as base64, a limit only an authenticated caller gets.
    await readJsonBody(req, res, this.config.mcp.bodyLimitBytes, this.config.bodyMaxDepth);
    // An OAuth token holds the scopes its user granted: a tool needing another is an error result naming it.
    const missing = missingToolScope(auth, req.body);
    if (missing) {
      res.status(200).json(insufficientScopeResult(req.body as { id?: unknown }, missing));
      return;
    }
    const selected = selectTools(typeof tools === 'string' ? tools : undefined);
    const server = this.mcp.server(auth, selected);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // `req.auth` is the platform's AuthContext, which the SDK hands to handlers as `authInfo`; the handlers use `auth` above.
    await transport.handleRequest(req as IncomingMessage as never, res, req.body);
  }

  @Get()
  @ApiOperation({ summary: 'Not supported (stateless MCP: no event stream)', description: "Answers 405, as the MCP SDK's stateless servers do." })
  @ApiResponse(METHOD_NOT_ALLOWED)
  openStream(@Req() req: Request, @Res() res: Response): void {
    if (this.hostAllowed(req, res)) methodNotAllowed(res);
  }

  @Delete()
  @ApiOperation({ summary: 'Not supported (stateless MCP: no session to end)', description: "Answers 405, as the MCP SDK's stateless servers do." })
  @ApiResponse(METHOD_NOT_ALLOWED)
  endSession(@Req() req: Request, @Res() res: Response): void {
    if (this.hostAllowed(req, res)) methodNotAllowed(res);
  }

  /** The SDK's Host header validation; false when it has answered 403. */
  private hostAllowed(req: Request, res: Response): boolean {
    if (!this.hostCheck) return true;
    let allowed = false;
    this.hostCheck(req, res, () => {
      allowed = true;
    });
    return allowed;
  }
}
