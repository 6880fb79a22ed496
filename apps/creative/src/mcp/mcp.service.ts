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
import { PreviewLinks } from '../previews/preview-links.service';
import { GOAL_TO_CAMPAIGN_PROMPT, goalToCampaignMessages } from './prompts';
import { errorResultOf, FoundArtifact, type MediaAccess, successResult, thumbnail } from './tool-results';
import { operationInput, type ArgumentPlaces } from './tool-schema';
import { BRIEF_RESOURCE, IR_RESOURCE, nearestName, normalizeArguments, nullable, shallowNodeSchema, strictSchema, type Plan } from './tool-catalogue';
import { MCP_RUNNER } from './mcp-runner';
import { CLEARABLE, DEFAULT_TOOLSETS, MCP_TOOLS, TOOLSETS, type McpToolDefinition } from './tools';
import { parseIfMatch } from '../designs/if-match';
import { revisionEtag } from '../designs/designs.service';

/** The version this server reports in `initialize` (the service's OpenAPI version). */
export const MCP_SERVER_NAME = 'creative';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Tools answering the brand kit, whose logo is an asset named by id. */
const BRAND_KIT_TOOLS = new Set(['get_brand_kit', 'put_brand_kit', 'update_brand_kit']);

interface BuiltTool {
  def: McpToolDefinition;
  tool: Tool;
  places: ArgumentPlaces;
  /** How the arguments are read (JSON text, nulls, unknown names): see `normalizeArguments`. */
  plan: Plan;
}

/**
 * The tools `?tools=` selects (a comma-separated list of TOOLSETS names, `read` or `all`): DEFAULT_TOOLSETS when
 * absent; null for every tool.
 */
export function selectTools(query: string | undefined): Set<string> | null {
  if (query === undefined || query.trim() === '') query = DEFAULT_TOOLSETS.join(',');
  if (query.trim() === 'all') return null;
  const names = new Set<string>();
  const unknown: string[] = [];
  for (const raw of query.split(',')) {
    const set = raw.trim();
    if (!set) continue;
    if (set === 'all') return null;
    if (set === 'read') {
      for (const t of MCP_TOOLS) if (t.annotations.readOnlyHint) names.add(t.name);
    } else if (TOOLSETS[set]) {
      for (const n of TOOLSETS[set]) names.add(n);
    } else unknown.push(set);
  }
  if (unknown.length) {
    const valid = ['all', 'read', ...Object.keys(TOOLSETS)];
    throw new ValidationError(
      unknown.slice(0, 5).map((u) => {
        const near = nearestName(u, valid);
        return {
          loc: ['tools'],
          msg: `No toolset ${JSON.stringify(u.slice(0, 40))}${near ? `: did you mean ${near}?` : ''} (toolsets: ${valid.join(', ')})`,
          type: 'enum',
        };
      }),
      undefined,
      'query',
    );
  }
  return names;
}

const IF_MATCH_ARGUMENT = {
  anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }, { type: 'null' }],
  description: 'Change only if the design is at this revision (5, "rev-5" or its etag): 412 precondition_failed otherwise, nothing changed',
};

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

const NODE_DESCRIPTION =
  'One node of the Creative IR (schema: resource creative://schemas/ir): `type` and the properties that type uses; null or left out for the rest. ' +
  'Fills, strokes, shadows, children and other structured values as JSON text. Without `id`, one is given.';

/** The IR's JSON Schema with words for a model: the one description of the IR the tools point to. */
function describedIrSchema(): Record<string, unknown> {
  return {
    title: 'Creative IR',
    description:
      'A Creative IR document: the design create_design (`ir`), update_design and materialize_layout take and every design result carries. ' +
      '`root` is a frame; a node is one of frame, group, text, image, rect, ellipse, line, path, procedural, each with `type`, an `id` ' +
      '(what patch_node and delete_node address) and its box (x, y, width, height); frames and groups hold `children`. add_node takes one node, ' +
      'patch_node a JSON merge patch of one. Colors are CSS colors; images are `asset:<id>` of your assets or data URLs.',
    ...irJsonSchema(),
  };
}

/** What a free JSON argument is, by its name. */
function jsonHint(name: string): string | undefined {
  if (name === 'brief')
    return `A brief as JSON text (fields: title, subtitle, eyebrow, body, cta, author, palette, tone, language, brand, format, image, images, items, data, seed; schema: resource ${BRIEF_RESOURCE}).`;
  if (name === 'patch') return `A JSON merge patch of the node as JSON text (an object is accepted too; schema of nodes: resource ${IR_RESOURCE}).`;
  return undefined;
}

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
    private readonly previews: PreviewLinks,
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
      const { $defs, ...top } = input.inputSchema;
      const strict = strictSchema(top, { defs: $defs ?? {}, jsonHint }, 0);
      const schema = strict.schema;
      const plan = strict.plans[0];
      const props = plan.object!.props;
      if ('if_match' in schema.properties) {
        schema.properties.if_match = IF_MATCH_ARGUMENT;
        props.if_match = [{}];
      }
      if (def.name === 'add_node') {
        const node = shallowNodeSchema(irJsonSchema(), NODE_DESCRIPTION);
        schema.properties.node = node.schema;
        props.node = node.plans;
      }
      const clearable = CLEARABLE[def.name];
      if (clearable) {
        schema.properties.clear = nullable({
          type: 'array',
          items: { type: 'string', enum: clearable },
          description: 'Fields to reset (to none, or their default): a null or left-out argument leaves its field as it is',
        });
        schema.required.push('clear');
        props.clear = [{ items: [{}] }];
        plan.object!.optional.add('clear');
      }
      const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = def.annotations;
      const tool: Tool = {
        name: def.name,
        title: def.title,
        description: def.description,
        inputSchema: schema as Tool['inputSchema'],
        // The title is the tool's own; a hint is written where it says something (readOnly tools are neither destructive nor idempotent by the spec's reading).
        annotations: readOnlyHint ? { readOnlyHint, openWorldHint } : { readOnlyHint, destructiveHint, idempotentHint, openWorldHint },
      };
      return { def, tool, places: input.places, plan };
    });
    return this.built;
  }

  /** A server for one request of `auth`'s caller, offering the tools `selected` names (all when null). */
  server(auth: AuthContext, selected: Set<string> | null = null): Server {
    const server = new Server(
      { name: MCP_SERVER_NAME, title: 'Creative runtime', version: '1.0.0' },
      {
        capabilities: { tools: {}, prompts: {}, resources: {} },
        instructions:
          'Creative runtime: briefs to designs (Creative IR), renders, revisions, campaigns, videos. Typical flow: list_templates → ' +
          'create_design (brief + template) → patch_node / add_node → render_design (returns an image) → animate_design → get_job until succeeded. ' +
          'Errors come back as tool results with isError and the REST error body (422 items carry `loc`, the field path). ' +
          'Arguments are closed (an unknown one is refused with the nearest valid name) and null means "not given"; the IR is the resource ' +
          'creative://schemas/ir, passed as an object or JSON text. Every design result has `revision`: pass it as `if_match` to edit safely. ' +
          'More tools: connect with ?tools=all (or design, render, video, assets, intelligence, billing, brand, catalogue, read).',
      },
    );
    const offered = () => this.tools().filter((t) => !selected || selected.has(t.def.name));
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: offered().map((t) => t.tool) }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => this.callTool(auth, request.params.name, request.params.arguments ?? {}, selected));
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
            ? JSON.stringify(describedIrSchema())
            : uri === 'creative://schemas/brief'
              ? JSON.stringify(briefJsonSchema())
              : null;
      if (text === null) throw invalidParams(`Unknown resource ${uri}`);
      return { contents: [{ uri, mimeType: RESOURCES.find((r) => r.uri === uri)!.mimeType, text }] };
    });
    return server;
  }

  /** Runs a tool; every failure it meets is a result with `isError` and the REST error body. */
  async callTool(auth: AuthContext, name: string, sent: Record<string, unknown>, selected: Set<string> | null = null): Promise<CallToolResult> {
    const built = this.tools().find((t) => t.def.name === name);
    if (!built) {
      const near = nearestName(
        name,
        this.tools().map((t) => t.def.name),
      );
      return errorResultOf(new NotFoundError(`No tool named ${name.slice(0, 64)}${near ? ` (did you mean ${near}?)` : ''}: see tools/list`, 'not_found'))
        .result;
    }
    if (selected && !selected.has(name))
      return errorResultOf(new NotFoundError(`The tool ${name} is not in the toolsets this connection selected (?tools=): see tools/list`, 'not_found')).result;
    let cleanup: (() => Promise<void>) | undefined;
    try {
      if (!sent || typeof sent !== 'object' || Array.isArray(sent))
        throw new ValidationError([{ loc: [], msg: 'The arguments must be an object', type: 'model_attributes_type' }], undefined, 'body');
      // Nothing runs (nor is charged) before every argument is known: an unknown name is a 422 with the nearest valid one.
      const args = normalizeArguments(sent, built.plan, name, built.places.body ? 'body' : 'query');
      if (args.if_match !== undefined) {
        // Checked here to name the argument (422 at `if_match`); the operation reads the header with the same parser.
        parseIfMatch(args.if_match as string | number, 'if_match');
        args.if_match = String(args.if_match);
      }
      const node = args.node as Record<string, unknown> | undefined;
      if (name === 'add_node' && node && typeof node === 'object' && node.more !== undefined) {
        // `more`: the node's other properties (see shallowNodeSchema), beside the listed ones.
        const { more, ...listed } = node;
        args.node = { ...(more && typeof more === 'object' ? more : {}), ...listed };
      }
      const clear = args.clear as string[] | undefined;
      delete args.clear;
      const call = this.operationRequest(built, args);
      if (clear?.length) call.body = { ...(call.body as object), ...Object.fromEntries(clear.map((f) => [f, null])) };
      if (built.def.upload === 'image_or_font' && args.content_base64 === undefined && args.url !== undefined) {
        // An import by URL: the body REST takes as JSON (validated by the use case as ImportAssetDto).
        call.body = Object.fromEntries(['url', 'filename', 'idempotency_key'].filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
      } else if (built.def.upload) cleanup = await this.prepareUpload(call, args);
      const answer = await this.runner.run(built.def.operation, auth, call);
      const body = answer.body as ImageAnswer | HtmlAnswer | unknown;
      if (isAnswer<ImageAnswer>(body, 'image')) {
        // Nothing is stored for a preview: the full picture is kept for its link's lifetime, readable through the link only.
        const image = await thumbnail(body.data);
        const link = await this.previews.store(auth.accountId, body.data, body.mime, this.linkTtl);
        return {
          content: [
            { type: 'text', text: `${built.def.title}: ${body.mime}, ${body.data.length} bytes (shown at most 512 px; the full picture is behind the link)` },
            { type: 'image', data: image.data.toString('base64'), mimeType: image.mimeType },
            {
              type: 'resource_link',
              uri: link.url,
              name: `${built.def.name} (${link.id})`,
              mimeType: body.mime,
              description: `Preview ${link.id}: the full picture, readable without credentials until ${link.expiresAt.toISOString()}`,
              size: body.data.length,
            },
          ],
          structuredContent: { mime: body.mime, bytes: body.data.length, etag: body.etag, url: link.url, expires_at: link.expiresAt.toISOString() },
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
      return await successResult(
        withRevision(answer.body),
        headline(built.def.title, answer.body),
        this.media(auth),
        await this.signedArtifact(auth, built, call, answer.body),
      );
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

  /**
   * Files an answer names by id only, to show and link them: the artifact get_artifact_signed_url answers a URL of, and
   * the brand kit's logo (an asset id).
   */
  private async signedArtifact(auth: AuthContext, built: BuiltTool, call: OperationRequest, body: unknown): Promise<FoundArtifact[]> {
    const logo = (body as { logo_asset_id?: unknown } | null)?.logo_asset_id;
    if (BRAND_KIT_TOOLS.has(built.def.name) && typeof logo === 'string') {
      const asset = await this.assets.find(auth.accountId, logo);
      return asset ? [{ source: 'asset', id: asset.id, mime: asset.mime, name: asset.filename ?? asset.id, bytes: asset.bytes, sha256: asset.sha256 }] : [];
    }
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

/** A design's answer with its `etag` beside `revision` (REST sends it as the ETag header): what `if_match` takes. */
function withRevision(body: unknown): unknown {
  if (!isDesign(body)) return body;
  return { ...body, etag: revisionEtag(body.revision) };
}

function isDesign(body: unknown): body is { id: string; revision: number } {
  const b = body as { id?: unknown; revision?: unknown } | null;
  return !!b && typeof b === 'object' && typeof b.id === 'string' && b.id.startsWith('des_') && Number.isInteger(b.revision);
}

function headline(title: string, body: unknown): string {
  return isDesign(body) ? `${title}: design ${body.id} at revision ${body.revision} (pass if_match: ${body.revision} to change it)` : `${title}: done`;
}

/** A protocol-level error for prompts and resources (unknown names, missing arguments): JSON-RPC -32602. */
const invalidParams = (message: string) => new McpError(ErrorCode.InvalidParams, message);
