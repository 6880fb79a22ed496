import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { ARTIFACT_OPERATIONS } from '../artifacts/artifacts.operations';
import { ASSET_OPERATIONS } from '../assets/assets.operations';
import { BILLING_OPERATIONS } from '../billing/billing.operations';
import { BRAND_KIT_OPERATIONS } from '../brand-kit/brand-kit.operations';
import { CAMPAIGN_OPERATIONS } from '../campaigns/campaigns.operations';
import { CATALOGUE_OPERATIONS } from '../catalogue/catalogue.operations';
import type { OperationSpec } from '../common/operation';
import { DESIGN_OPERATIONS } from '../designs/designs.operations';
import { INTELLIGENCE_OPERATIONS } from '../intelligence/intelligence.operations';
import { WORKFLOW_RUN_OPERATION } from '../intelligence/workflows.operations';
import { JOB_OPERATIONS } from '../jobs/jobs.operations';
import { ME_OPERATIONS } from '../me/me.operations';
import { DESIGN_OUTPUT_OPERATIONS } from '../rendering/design-output.operations';
import { TOOLS_OPERATIONS } from '../rendering/tools.operations';
import { USAGE_OPERATIONS } from '../usage/usage.operations';
import { VIDEO_OPERATIONS } from '../videos/videos.operations';

/**
 * One MCP tool: the operation it runs (the use case of a REST endpoint, validated, idempotent and billed as that
 * endpoint), and words for a model. The input schema comes from the endpoint's operation in the service's OpenAPI
 * document (path and query parameters and the body's fields, side by side); the operation's summary and
 * description are appended to `description`.
 */
export interface McpToolDefinition {
  name: string;
  title: string;
  /** When to use it and what it returns, for a model. */
  description: string;
  operation: OperationSpec;
  annotations: ToolAnnotations;
  /** The file arrives as base64 (`content_base64`) instead of a multipart part; the kinds the route accepts. */
  upload?: 'image_or_font' | 'audio';
}

/** Reads only: repeatable, changes nothing. */
const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Makes something new each call (a design, a revision, an artifact, a job). */
const CREATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Makes something new and may call the caller's `callback_url` (jobs). */
const CREATE_WITH_CALLBACK: ToolAnnotations = { ...CREATE, openWorldHint: true };

function tool(
  name: string,
  title: string,
  operation: OperationSpec,
  annotations: ToolAnnotations,
  description: string,
  extra: Partial<McpToolDefinition> = {},
): McpToolDefinition {
  return { name, title, description, operation, annotations: { title, ...annotations }, ...extra };
}

/**
 * Every capability of the service as a tool. To add one: a line here naming its operation; the schema (from the
 * REST endpoint's OpenAPI operation), validation, idempotency and errors follow from it.
 */
export const MCP_TOOLS: McpToolDefinition[] = [
  // Catalogues
  tool('get_account', 'Who am I', ME_OPERATIONS.me, READ, 'The account and credential this connection acts as. Use to check the connection works.'),
  tool(
    'list_templates',
    'List templates',
    CATALOGUE_OPERATIONS.templates,
    READ,
    'Design templates (ids, the brief fields each uses, recommended formats). Use before create_design with `template`.',
  ),
  tool(
    'get_template_preview',
    'Preview a template',
    CATALOGUE_OPERATIONS.templatePreview,
    READ,
    'See what a template looks like before choosing it: a small image and a link to the full preview (an hour, no key needed).',
  ),
  tool('list_fonts', 'List fonts', CATALOGUE_OPERATIONS.fonts, READ, 'Font families usable in designs (built-in and uploaded by this account).'),
  tool(
    'list_procedural_styles',
    'List procedural styles',
    CATALOGUE_OPERATIONS.proceduralStyles,
    READ,
    'Procedural background styles with their defaults, for render_procedural and create_procedural_video.',
  ),
  tool(
    'get_capabilities',
    'Capabilities',
    CATALOGUE_OPERATIONS.capabilities,
    READ,
    'What this server can do: output formats, named sizes (formats), motions, transitions, limits. Use to pick valid values.',
  ),
  tool('list_image_providers', 'List image providers', CATALOGUE_OPERATIONS.providers, READ, 'Image generation providers and whether they are configured.'),
  tool('list_llm_providers', 'List LLM providers', CATALOGUE_OPERATIONS.llmProviders, READ, 'Language-model providers and whether they are configured.'),

  // Briefs and layout
  tool(
    'analyze_brief',
    'Analyze a brief',
    TOOLS_OPERATIONS.analyze,
    READ,
    'Score a brief (title, body, cta, palette…) before designing with it, for the template it would get (or `template`): what that template will show, field lengths, readability, contrast, missing and unused fields, suggestions. Does not store anything.',
  ),
  tool(
    'materialize_layout',
    'Resolve a layout',
    TOOLS_OPERATIONS.materialize,
    READ,
    'Resolve the auto-layout of an IR without rendering: each node at its absolute box, text lines. A debugging aid when nodes are not where expected.',
  ),
  tool(
    'render_procedural',
    'Render a procedural background',
    TOOLS_OPERATIONS.procedural,
    CREATE,
    'Draw a procedural background (mesh, waves…) into an image artifact. Returns the artifact, a signed URL and a small preview image.',
  ),

  // Designs
  tool(
    'create_design',
    'Create a design',
    DESIGN_OPERATIONS.create,
    CREATE,
    'Start a design from a brief and a template (the account\'s brand kit applied), or from a raw Creative IR (`ir`). Returns the design with its IR (node ids are what patch_node and delete_node take) and `warnings` naming brief fields the design does not show (`field_unused`) and text cut or shrunk. A named template needs its required fields (422 otherwise); without one, one that fits the brief is chosen. Pass `render: {format: "png"}` to also get an image.',
  ),
  tool(
    'list_designs',
    'List designs',
    DESIGN_OPERATIONS.list,
    READ,
    "The account's designs, newest first (without IR); `q` searches titles and templates (case and accents ignored), `template` filters. Page with `cursor`.",
  ),
  tool('get_design', 'Get a design', DESIGN_OPERATIONS.get, READ, 'One design with the IR of its current revision. Use to find node ids before editing.'),
  tool(
    'update_design',
    'Update a design',
    DESIGN_OPERATIONS.update,
    CREATE,
    'Change a design: a new `ir`, a changed `brief` or `template` (rebuilds from the template), or a new `title`. Makes a new revision.',
  ),
  tool(
    'delete_design',
    'Delete a design',
    DESIGN_OPERATIONS.delete,
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    'Delete a design with its revisions and every artifact made from it (renders, videos…). Cannot be undone; a second call answers not_found. Pass `if_match` ("rev-N") to delete only that revision.',
  ),
  tool('duplicate_design', 'Duplicate a design', DESIGN_OPERATIONS.duplicate, CREATE, 'Copy a design (its current IR) into a new design at revision 1.'),
  tool(
    'get_design_bundle',
    'Export a design bundle',
    DESIGN_OPERATIONS.bundle,
    READ,
    'The design as a portable bundle (assets and fonts inlined): create_design with `bundle` reproduces it. Large.',
  ),
  tool('list_revisions', 'List revisions', DESIGN_OPERATIONS.revisions, READ, "A design's revisions, newest first, with what made each."),
  tool('get_revision', 'Get a revision', DESIGN_OPERATIONS.revision, READ, 'One revision of a design with its IR (list_revisions gives their numbers).'),
  tool(
    'diff_revisions',
    'Diff two revisions',
    DESIGN_OPERATIONS.diff,
    READ,
    'What changed between two revisions: a JSON Patch and a summary by node (added, removed, moved, changed properties).',
  ),
  tool(
    'restore_revision',
    'Restore a revision',
    DESIGN_OPERATIONS.restore,
    CREATE,
    'Go back to an earlier revision: makes a new revision with that IR (nothing is lost) and renders it.',
  ),
  tool(
    'add_node',
    'Add a node',
    DESIGN_OPERATIONS.addNode,
    CREATE,
    'Add a node (text, rect, ellipse, image, frame…) under `parent_id` (default the root) at `index`. Makes a new revision.',
  ),
  tool(
    'patch_node',
    'Change a node',
    DESIGN_OPERATIONS.patchNode,
    CREATE,
    "Change a node's properties (`patch` is merged into it: text, color, fontSize, fills…). Makes a new revision; pass `render` to see the result.",
  ),
  tool(
    'delete_node',
    'Delete a node',
    DESIGN_OPERATIONS.deleteNode,
    { ...CREATE, destructiveHint: true },
    'Remove a node and its children from the design (a new revision; earlier revisions keep it, restore_revision brings it back).',
  ),

  // Output
  tool(
    'render_design',
    'Render a design',
    DESIGN_OUTPUT_OPERATIONS.render,
    { ...CREATE, idempotentHint: true },
    'Render the current revision (png, jpeg, webp, avif, svg, pdf) into an artifact. Returns a small preview image and a resource link (signed URL) to the full file. The same revision and options answer the stored artifact.',
  ),
  tool(
    'preview_design',
    'Preview a design',
    DESIGN_OUTPUT_OPERATIONS.preview,
    READ,
    'Look at a design: a small image of the current (or a given) revision and a link to the full preview (kept an hour, no key needed). Use after edits to check the result.',
  ),
  tool('export_design_html', 'Export HTML', DESIGN_OUTPUT_OPERATIONS.html, READ, 'The design as one standalone HTML page (fonts and images embedded).'),

  // Campaigns, video
  tool(
    'create_campaign',
    'Create a campaign',
    CAMPAIGN_OPERATIONS.create,
    CREATE,
    'From one brief, a design and a PNG per format (story, feed, banner…): a multi-format campaign. Returns every piece with its design id and image.',
  ),
  tool('get_campaign', 'Get a campaign', CAMPAIGN_OPERATIONS.get, READ, 'A campaign with its pieces and fresh signed URLs.'),
  tool(
    'create_campaign_video',
    'Campaign with video',
    CAMPAIGN_OPERATIONS.createWithVideo,
    CREATE_WITH_CALLBACK,
    'A campaign plus a video assembled from its pieces. Asynchronous: returns a job; poll get_job until it succeeds.',
  ),
  tool(
    'animate_design',
    'Animate a design',
    VIDEO_OPERATIONS.animate,
    CREATE_WITH_CALLBACK,
    "Turn a design into a video (motion, transition, optional audio asset). Asynchronous: returns a job; poll get_job until `state` is succeeded, then use its artifacts' URLs.",
  ),
  tool(
    'create_video',
    'Create a video from scenes',
    VIDEO_OPERATIONS.create,
    CREATE_WITH_CALLBACK,
    'Assemble a video from scenes (designs or images, each with a duration and motion), optional audio. Asynchronous: returns a job.',
  ),
  tool(
    'create_procedural_video',
    'Create a procedural video',
    VIDEO_OPERATIONS.procedural,
    CREATE_WITH_CALLBACK,
    'An animated procedural background video. Asynchronous: returns a job.',
  ),

  // Jobs
  tool('list_jobs', 'List jobs', JOB_OPERATIONS.list, READ, "The account's jobs, newest first; filter by `state` or `kind`."),
  tool(
    'get_job',
    'Get a job',
    JOB_OPERATIONS.get,
    READ,
    "A job's state and progress; once succeeded, its artifacts with signed URLs (returned as resource links). Poll this after animate_design and the video tools.",
  ),
  tool(
    'cancel_job',
    'Cancel a job',
    JOB_OPERATIONS.cancel,
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    'Stop a queued or running job. A finished job answers an error (job_finished).',
  ),
  tool('retry_job', 'Retry a job', JOB_OPERATIONS.retry, CREATE, 'Run a failed or cancelled job again (same request).'),

  // Assets and artifacts
  tool(
    'upload_asset',
    'Upload an image or font',
    ASSET_OPERATIONS.upload,
    CREATE,
    'Upload an image (PNG, JPEG, WebP, AVIF, GIF, TIFF, SVG) or a font (TTF, OTF, WOFF, WOFF2) as base64, or give its `url` and the server downloads it (public addresses only). Returns the asset, a small image of it and a signed URL; reference images in an IR as `asset:<id>`.',
    { upload: 'image_or_font' },
  ),
  tool(
    'upload_audio',
    'Upload audio',
    ASSET_OPERATIONS.uploadAudio,
    CREATE,
    'Upload audio (MP3, WAV, OGG, M4A, FLAC) as base64, for animate_design and create_video.',
    { upload: 'audio' },
  ),
  tool(
    'list_assets',
    'List assets',
    ASSET_OPERATIONS.list,
    READ,
    "The account's uploaded and transformed assets, newest first, each with a signed URL (images of the first four).",
  ),
  tool(
    'get_asset',
    'Get an asset',
    ASSET_OPERATIONS.get,
    READ,
    "One asset's record (kind, size, dimensions, font family…), with a small image of it and a signed URL (no credentials needed).",
  ),
  tool(
    'transform_asset',
    'Transform an image asset',
    ASSET_OPERATIONS.transform,
    CREATE,
    'Resize, crop, rotate, blur, watermark… an image asset (1 to 24 `operations`) into a new asset. Returns it with a small image and a signed URL.',
  ),
  tool(
    'list_artifacts',
    'List artifacts',
    ARTIFACT_OPERATIONS.list,
    READ,
    "The account's outputs (renders, exports, videos…), newest first; filter by design_id, job_id, kind, mime, created_after/created_before. Page with `cursor`.",
  ),
  tool(
    'get_artifact',
    'Get an artifact',
    ARTIFACT_OPERATIONS.get,
    READ,
    "An output's record (kind, mime, size, what it was made from), with a small image (images) and a signed URL.",
  ),
  tool(
    'get_artifact_signed_url',
    'Signed URL of an artifact',
    ARTIFACT_OPERATIONS.signedUrl,
    { ...CREATE, idempotentHint: true },
    'A URL that reads an artifact without credentials for `ttl` seconds (default 3600): give it to a person or another tool.',
  ),

  // Generation, vision, planning, workflows
  tool(
    'generate_image',
    'Generate an image',
    INTELLIGENCE_OPERATIONS.generate,
    CREATE,
    "Make a picture from a prompt (built-in deterministic engine, or `provider` openai / openai-compatible when configured). Stored as an image asset: use it as `asset:<id>` in a design or as a brief's `image`. Returns the asset, a small image and a signed URL.",
  ),
  tool(
    'brief_from_image',
    'Brief from an image',
    INTELLIGENCE_OPERATIONS.briefFromImage,
    CREATE,
    'Read an image asset (palette, brightness, focal point, best formats and templates) and write a brief for `goal` in `language` (default pt-BR). Use before create_design when the user starts from a photo.',
  ),
  tool(
    'plan_brief',
    'Plan from a goal',
    INTELLIGENCE_OPERATIONS.plan,
    CREATE,
    'From a goal (and optional tone, language, format) to a brief and a plan: the workflow steps (designs, renders, optional video) that would realise it, each with its cost in credits. Review it, then pass `workflow` to run_workflow.',
  ),
  tool(
    'run_workflow',
    'Run a workflow',
    WORKFLOW_RUN_OPERATION,
    CREATE_WITH_CALLBACK,
    'Run declarative steps in order (design.create/update/render, node.add/patch, campaign.create, procedural.render, asset.transform, generation.create, brief.from_image, planning.brief, video.*), later steps naming earlier results as `$steps.<id>.<field>`. Validated whole before anything runs; a failing step stops the run and the answer says which.',
  ),

  // Billing and usage
  tool(
    'get_price_book',
    'Price book',
    BILLING_OPERATIONS.priceBook,
    READ,
    'What every billable operation costs in credits and what the price depends on, and the plans. Use before expensive work (videos, campaigns).',
  ),
  tool(
    'estimate_cost',
    'Estimate a cost',
    BILLING_OPERATIONS.estimate,
    READ,
    'The credits an operation would cost (`operation` and its `params`, as in the price book): exactly what it will be charged. Nothing is reserved.',
  ),
  tool(
    'get_billing_plan',
    'Plan and balance',
    BILLING_OPERATIONS.plan,
    READ,
    "The account's plan, credit balance and when the next monthly grant arrives. Check it before a large job: an operation the balance cannot cover fails with insufficient_credits.",
  ),
  tool(
    'get_usage_summary',
    'Usage summary',
    USAGE_OPERATIONS.summary,
    READ,
    'Usage by day and by operation over the last `days` (default 30): counts, units and credits, with totals.',
  ),
  tool(
    'get_account_metrics',
    'Account metrics',
    USAGE_OPERATIONS.metrics,
    READ,
    "The account's own figures: renders and their p50/p95 time, jobs by state, video seconds, storage bytes, credits used and left.",
  ),

  // Brand kit
  tool('get_brand_kit', 'Get the brand kit', BRAND_KIT_OPERATIONS.get, READ, "The account's brand kit (colors, fonts, logo, tone) that templates apply."),
  tool(
    'put_brand_kit',
    'Set the brand kit',
    BRAND_KIT_OPERATIONS.put,
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    "Replace the account's brand kit (colors, fonts, logo asset and its position, tone): fields left out return to their defaults. Applies to designs created afterwards.",
  ),
  tool(
    'update_brand_kit',
    'Change some fields of the brand kit',
    BRAND_KIT_OPERATIONS.patch,
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    "Change only the given fields of the account's brand kit (null clears a field; fonts and metadata are merged key by key); the rest is kept. Unknown fields are named in `warnings`.",
  ),
];

/**
 * Toolsets a host loads with `?tools=` on the MCP endpoint (comma-separated; the default is `all`). `read` is every
 * tool that only reads, whatever its set.
 */
export const TOOLSETS: Record<string, string[]> = {
  catalogue: [
    'get_account',
    'list_templates',
    'get_template_preview',
    'list_fonts',
    'list_procedural_styles',
    'get_capabilities',
    'list_image_providers',
    'list_llm_providers',
  ],
  design: [
    'analyze_brief',
    'materialize_layout',
    'create_design',
    'list_designs',
    'get_design',
    'update_design',
    'delete_design',
    'duplicate_design',
    'get_design_bundle',
    'list_revisions',
    'get_revision',
    'diff_revisions',
    'restore_revision',
    'add_node',
    'patch_node',
    'delete_node',
  ],
  render: ['render_design', 'preview_design', 'export_design_html', 'render_procedural', 'create_campaign', 'get_campaign'],
  video: ['animate_design', 'create_video', 'create_procedural_video', 'create_campaign_video', 'list_jobs', 'get_job', 'cancel_job', 'retry_job'],
  assets: ['upload_asset', 'upload_audio', 'list_assets', 'get_asset', 'transform_asset', 'list_artifacts', 'get_artifact', 'get_artifact_signed_url'],
  intelligence: ['generate_image', 'brief_from_image', 'plan_brief', 'run_workflow'],
  billing: ['get_price_book', 'estimate_cost', 'get_billing_plan', 'get_usage_summary', 'get_account_metrics'],
  brand: ['get_brand_kit', 'put_brand_kit', 'update_brand_kit'],
};

/**
 * What a connection without `?tools=` gets: briefs to designs to renders and campaigns, every design edit and
 * revision, the catalogues (a `tools/list` under 40 KB). Videos and jobs, assets, generation and planning, billing and
 * the brand kit are a `?tools=` away (`?tools=all` for every tool).
 */
export const DEFAULT_TOOLSETS = ['catalogue', 'design', 'render'];

/** Fields an MCP caller resets with `clear` (null is "not given" in tool arguments, so it cannot mean "reset"). */
export const CLEARABLE: Record<string, string[]> = {
  update_design: ['title'],
  update_brand_kit: ['name', 'colors', 'fonts', 'logo_asset_id', 'logo_position', 'logo_size', 'logo_margin', 'tone', 'palette', 'metadata'],
};
