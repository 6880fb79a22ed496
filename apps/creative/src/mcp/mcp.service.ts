import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { briefJsonSchema, irJsonSchema } from '@platform/creative-ir';
import { NotFoundError, safeErrorForLog, ValidationError } from '@platform/errors';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { Readable } from 'node:stream';
import { ARTIFACT_OPERATIONS } from '../artifacts/artifacts.operations';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { AssetsService } from '../assets/assets.service';
import { uploadTooLarge } from '../assets/asset-errors';
import { cleanFilename } from '../assets/upload/multipart-file.guard';
import { CatalogueUseCases } from '../catalogue/catalogue.use-cases';
import { MEDIA_ANSWER, type HtmlAnswer, type ImageAnswer, type OperationRequest } from '../common/operation';
import type { OperationRunner } from '../common/operation-runner';
import type { CreativeConfig } from '../config';
import { TempFiles } from '../storage/temp-files.service';
import { GOAL_TO_CAMPAIGN_PROMPT, goalToCampaignMessages } from './prompts';
import { errorResultOf, FoundArtifact, type MediaAccess, successResult, thumbnail } from './tool-results';
import { operationInput, type ArgumentPlaces } from './tool-schema';
import { MCP_RUNNER } from './mcp-runner';
import { MCP_TOOLS, type McpToolDefinition } from './tools';

/** The version this server reports in `initialize` (the service's OpenAPI version). */
export const MCP_SERVER_NAME = 'creative';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface BuiltTool {
  def: McpToolDefinition;
  tool: Tool;
  places: ArgumentPlaces;
}

const UPLOAD_INPUT = {
  properties: {
    content_base64: { type: 'string', description: "The file's bytes, base64-encoded (standard alphabet, padding optional); or give `url` instead" },
    filename: { type: ['string', 'null'], maxLength: 255, description: "The file's name (kept as the asset's filename; the type is read from the bytes)" },
    idempotency_key: {
      type: ['string', 'null'],
      maxLength: 255,
      description: 'Same as the `Idempotency-Key` header: the same key with the same file replays the first answer',
    },
  },
  required: ['content_base64'],
};

/** upload_asset also imports from a URL (POST /v1/assets with JSON `{"url"}`): one of content_base64 or url. */
const IMAGE_UPLOAD_INPUT = {
  properties: {
    ...UPLOAD_INPUT.properties,
    url: {
      type: 'string',
      maxLength: 2048,
      description: 'Instead of content_base64: an http(s) URL the server downloads (public addresses only, at most 3 redirects), checked exactly as an upload',
    },
  },
  required: [],
};

const RESOURCES = [
  {
    uri: 'creative://catalogue/templates',
    name: 'templates',
    title: 'Template catalogue',
    mimeType: 'application/json',
    description: 'Every design template: id, name, the brief fields it uses, recommended formats.',
  },
  {
    uri: 'creative://schemas/ir',
    name: 'ir-schema',
    title: 'Creative IR JSON Schema',
    mimeType: 'application/schema+json',
    description: "The JSON Schema of a design's `ir` (nodes, fills, text, layout): what create_design, update_design, add_node and patch_node accept.",
  },
  {
    uri: 'creative://schemas/brief',
    name: 'brief-schema',
    title: 'Brief JSON Schema',
    mimeType: 'application/schema+json',
    description: 'The JSON Schema of a brief (title, body, cta, palette, brand…), for create_design, create_campaign and analyze_brief.',
  },
];

/**
 * The MCP server of the creative service: every tool runs its operation (the REST endpoint's use case, with the
 * same validation, idempotency, billing and errors) for the authenticated caller. One `Server` per request
 * (stateless Streamable HTTP): `server(auth)` builds it.
 */
@Injectable()
export class McpService {
  private readonly logger = new Logger('Mcp');
  private documentSource?: () => OpenAPIObject;
  private built?: BuiltTool[];

  constructor(
    @Inject(MCP_RUNNER) private readonly runner: OperationRunner,
    private readonly catalogue: CatalogueUseCases,
    private readonly artifacts: ArtifactsService,
    private readonly assets: AssetsService,
    private readonly temp: TempFiles,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  /** Where the service's OpenAPI document comes from (built from the running app: see `service.ts`). */
  useOpenApi(source: () => OpenAPIObject): void {
    this.documentSource = source;
    this.built = undefined;
  }

  /** The tools with their input schemas, built once from the OpenAPI document. */
  tools(): BuiltTool[] {
    if (this.built) return this.built;
    if (!this.documentSource) throw new Error('MCP: the OpenAPI document is not bound (McpService.useOpenApi)');
    const doc = this.documentSource();
    this.built = MCP_TOOLS.map((def) => {
      const input = operationInput(doc, def.operation.id, def.upload === 'image_or_font' ? IMAGE_UPLOAD_INPUT : def.upload ? UPLOAD_INPUT : undefined);
      const rest = [input.summary, input.description]
        .filter(Boolean)
        .join('. ')
        .replace(/\.\.\s/g, '. ');
      const tool: Tool = {
        name: def.name,
        title: def.title,
        description: rest ? `${def.description}\n\nREST equivalent: ${rest}` : def.description,
        inputSchema: input.inputSchema as Tool['inputSchema'],
        annotations: def.annotations,
      };
      return { def, tool, places: input.places };
    });
    return this.built;
  }

  /** A server for one request of `auth`'s caller. */
  server(auth: AuthContext): Server {
    const server = new Server(
      { name: MCP_SERVER_NAME, title: 'Creative runtime', version: '1.0.0' },
      {
        capabilities: { tools: {}, prompts: {}, resources: {} },
        instructions:
          'Creative runtime: briefs to designs (Creative IR), renders, revisions, campaigns, videos. Typical flow: list_templates → ' +
          'create_design (brief + template) → patch_node / add_node → render_design (returns an image) → animate_design → get_job until succeeded. ' +
          'Errors come back as tool results with isError and the REST error body (422 items carry `loc`, the field path).',
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: this.tools().map((t) => t.tool) }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => this.callTool(auth, request.params.name, request.params.arguments ?? {}));
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [GOAL_TO_CAMPAIGN_PROMPT] }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      if (request.params.name !== GOAL_TO_CAMPAIGN_PROMPT.name) throw invalidParams(`Unknown prompt ${request.params.name}`);
      const goal = request.params.arguments?.goal;
      if (!goal?.trim()) throw invalidParams('The prompt needs a goal');
      return { description: GOAL_TO_CAMPAIGN_PROMPT.description, messages: goalToCampaignMessages(goal, request.params.arguments ?? {}) };
    });
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: RESOURCES }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const uri = request.params.uri;
      const text =
        uri === 'creative://catalogue/templates'
          ? JSON.stringify(this.catalogue.templates())
          : uri === 'creative://schemas/ir'
            ? JSON.stringify(irJsonSchema())
            : uri === 'creative://schemas/brief'
              ? JSON.stringify(briefJsonSchema())
              : null;
      if (text === null) throw invalidParams(`Unknown resource ${uri}`);
      return { contents: [{ uri, mimeType: RESOURCES.find((r) => r.uri === uri)!.mimeType, text }] };
    });
    return server;
  }

  /** Runs a tool; every failure it meets is a result with `isError` and the REST error body. */
  async callTool(auth: AuthContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const built = this.tools().find((t) => t.def.name === name);
    if (!built) return errorResultOf(new NotFoundError(`No tool named ${name.slice(0, 64)}: see tools/list`, 'not_found')).result;
    let cleanup: (() => Promise<void>) | undefined;
    try {
      const call = this.operationRequest(built, args);
      if (built.def.upload === 'image_or_font' && args.content_base64 === undefined && args.url !== undefined) {
        // An import by URL: the body REST takes as JSON (validated by the use case as ImportAssetDto).
        call.body = Object.fromEntries(['url', 'filename', 'idempotency_key'].filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
      } else if (built.def.upload) cleanup = await this.prepareUpload(call, args);
      const answer = await this.runner.run(built.def.operation, auth, call);
      const body = answer.body as ImageAnswer | HtmlAnswer | unknown;
      if (isAnswer<ImageAnswer>(body, 'image')) {
        const image = await thumbnail(body.data);
        return {
          content: [
            { type: 'text', text: `${built.def.title}: ${body.mime}, ${body.data.length} bytes (shown at most 512 px)` },
            { type: 'image', data: image.data.toString('base64'), mimeType: image.mimeType },
          ],
          structuredContent: { mime: body.mime, bytes: body.data.length, etag: body.etag },
        };
      }
      if (isAnswer<HtmlAnswer>(body, 'html')) {
        const uri = `${this.config.publicBaseUrl}/v1/designs/${encodeURIComponent(call.path.design_id ?? '')}/export/html`;
        return {
          content: [
            { type: 'text', text: `${built.def.title}: a standalone HTML page of ${Buffer.byteLength(body.html)} bytes (embedded below)` },
            { type: 'resource', resource: { uri, mimeType: 'text/html', text: body.html } },
          ],
          structuredContent: { uri, mime: 'text/html', bytes: Buffer.byteLength(body.html), etag: body.etag },
        };
      }
      return await successResult(answer.body, `${built.def.title}: done`, this.media(auth), await this.signedArtifact(auth, built, call, answer.body));
    } catch (err) {
      const { result, error } = errorResultOf(err);
      if (error.errorId)
        this.logger.error({ err: safeErrorForLog(err), errorId: error.errorId, tool: name }, `Unhandled error ${error.errorId} in MCP tool ${name}`);
      return result;
    } finally {
      await cleanup?.();
    }
  }

  /** Splits a tool's arguments into the REST operation's path, query and body (values of path and query as the URL would carry them). */
  private operationRequest(built: BuiltTool, args: Record<string, unknown>): OperationRequest {
    const { places } = built;
    if (!args || typeof args !== 'object' || Array.isArray(args))
      throw new ValidationError([{ loc: [], msg: 'The arguments must be an object', type: 'model_attributes_type' }], undefined, 'body');
    const asText = (where: 'path' | 'query', key: string, value: unknown): string => {
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw new ValidationError([{ loc: [key], msg: 'Input should be a string or a number', type: 'string_type' }], undefined, where);
    };
    const params: Record<string, string> = {};
    for (const key of places.path) {
      if (args[key] === undefined || args[key] === null) throw new ValidationError([{ loc: [key], msg: 'Field required', type: 'missing' }], undefined, 'path');
      params[key] = asText('path', key, args[key]);
    }
    const query: Record<string, string> = {};
    for (const key of places.query) if (args[key] !== undefined && args[key] !== null) query[key] = asText('query', key, args[key]);
    const headers: Record<string, string> = {};
    for (const { arg, header } of places.header) {
      const value = args[arg];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string')
        throw new ValidationError([{ loc: [arg], msg: 'Input should be a valid string', type: 'string_type' }], undefined, 'header');
      headers[header] = value;
    }
    const taken = new Set([...places.path, ...places.query, ...places.header.map((h) => h.arg)]);
    if (!places.body) {
      // As the REST twin refuses a query parameter it does not take, a tool without a body refuses an argument it does not take.
      const declared = new Set([...taken, ...Object.keys(built.tool.inputSchema.properties ?? {}), 'idempotency_key']);
      const unknown = Object.keys(args).filter((k) => !declared.has(k));
      const takes = places.query.length ? `this tool's filters are ${places.query.join(', ')}` : 'this tool takes no other arguments';
      if (unknown.length)
        throw new ValidationError(
          unknown.slice(0, 10).map((k) => ({ loc: [k], msg: `Unknown argument: ${takes}`, type: 'extra_forbidden' })),
          undefined,
          'query',
        );
    }
    const body = places.body ? Object.fromEntries(Object.entries(args).filter(([k]) => !taken.has(k))) : undefined;
    return { path: params, query, body, headers };
  }

  /** What the multipart guard does for REST: the file into a temporary file, hashed and counted against ASSET_UPLOAD_LIMIT. */
  private async prepareUpload(call: OperationRequest, args: Record<string, unknown>): Promise<() => Promise<void>> {
    const encoded = args.content_base64;
    if (typeof encoded !== 'string' || !encoded)
      throw new ValidationError([{ loc: ['content_base64'], msg: 'Field required: the file as base64 (or `url` for upload_asset)', type: 'missing' }]);
    const compact = encoded.replace(/\s+/g, '');
    if (!BASE64.test(compact) || compact.length % 4 === 1)
      throw new ValidationError([{ loc: ['content_base64'], msg: 'Not valid base64', type: 'value_error' }]);
    const limit = this.config.assets.maxUploadBytes;
    if (Math.floor((compact.length * 3) / 4) - 2 > limit) throw uploadTooLarge(limit);
    const bytes = Buffer.from(compact, 'base64');
    if (bytes.length > limit) throw uploadTooLarge(limit);
    if (args.filename !== undefined && args.filename !== null && typeof args.filename !== 'string')
      throw new ValidationError([{ loc: ['filename'], msg: 'Input should be a valid string', type: 'string_type' }]);
    const temp = this.temp;
    const path = await temp.create();
    await fs.writeFile(path, bytes, { flag: 'wx' });
    const file = {
      path,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      filename: cleanFilename((args.filename as string | null) ?? undefined),
    };
    call.upload = file;
    call.body = {
      file: { sha256: file.sha256, size: file.size, filename: file.filename },
      ...(typeof args.idempotency_key === 'string' ? { idempotency_key: args.idempotency_key } : {}),
    };
    return () => temp.remove(path);
  }

  /** Seconds the links of tool results work (the artifacts' default signed-URL ttl, within the configured bounds). */
  private get linkTtl(): number {
    const { minTtl, maxTtl } = this.config.signedUrls;
    return Math.min(Math.max(3600, minTtl), maxTtl);
  }

  /** The caller's files as results show them: bytes for the picture (bounded: bigger files are only linked), signed links. */
  private media(auth: AuthContext): MediaAccess {
    return {
      bytes: async (found) => {
        if (found.bytes && found.bytes > 32 * 1024 * 1024) return null;
        if (found.source === 'asset') return this.assets.readBytes(auth.accountId, found.id, 'image');
        const artifact = await this.artifacts.get(auth.accountId, found.id);
        if (artifact.bytes > 32 * 1024 * 1024) return null;
        const stream: Readable = await this.artifacts.open(artifact);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      sign: async (found) => {
        if (found.source === 'asset') return (await this.assets.signedUrlOf(await this.assets.get(auth.accountId, found.id), this.linkTtl)).url;
        return (await this.artifacts.signedUrlOf(await this.artifacts.get(auth.accountId, found.id), this.linkTtl)).url;
      },
    };
  }

  /** get_artifact_signed_url answers only a URL: the artifact it reads, to show it and link it. */
  private async signedArtifact(auth: AuthContext, built: BuiltTool, call: OperationRequest, body: unknown): Promise<FoundArtifact[]> {
    const url = (body as { url?: unknown } | null)?.url;
    if (built.def.operation.id !== ARTIFACT_OPERATIONS.signedUrl.id || typeof url !== 'string') return [];
    const artifact = await this.artifacts.get(auth.accountId, call.path.artifact_id ?? '');
    return [
      { source: 'artifact', id: artifact.id, mime: artifact.mime, name: artifact.filename ?? artifact.id, url, bytes: artifact.bytes, sha256: artifact.sha256 },
    ];
  }
}

/** Whether an operation answered a picture or a page (see `ImageAnswer`, `HtmlAnswer`) rather than JSON. */
function isAnswer<T extends ImageAnswer | HtmlAnswer>(body: unknown, kind: T[typeof MEDIA_ANSWER]): body is T {
  return !!body && typeof body === 'object' && (body as T)[MEDIA_ANSWER] === kind;
}

/** A protocol-level error for prompts and resources (unknown names, missing arguments): JSON-RPC -32602. */
const invalidParams = (message: string) => new McpError(ErrorCode.InvalidParams, message);
