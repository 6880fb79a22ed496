import type { AuthContext } from '@platform/auth';
import type { McpScope } from '../oauth/scopes';

/**
 * The OAuth scope each MCP tool needs (a connector's token holds some of `read design render video billing`; API keys
 * hold `*`). A tool not listed here needs `design`, unless its name says it only reads (`get_`, `list_`).
 */
export const TOOL_SCOPES: Record<string, McpScope> = {
  get_account: 'read',
  list_templates: 'read',
  list_fonts: 'read',
  list_procedural_styles: 'read',
  get_capabilities: 'read',
  list_image_providers: 'read',
  list_llm_providers: 'read',
  list_designs: 'read',
  get_design: 'read',
  get_design_bundle: 'read',
  list_revisions: 'read',
  get_revision: 'read',
  diff_revisions: 'read',
  get_campaign: 'read',
  list_jobs: 'read',
  get_job: 'read',
  list_assets: 'read',
  get_asset: 'read',
  list_artifacts: 'read',
  get_artifact: 'read',
  get_artifact_signed_url: 'read',
  get_brand_kit: 'read',
  analyze_brief: 'design',
  materialize_layout: 'design',
  plan_brief: 'design',
  brief_from_image: 'design',
  generate_image: 'design',
  create_design: 'design',
  update_design: 'design',
  delete_design: 'design',
  duplicate_design: 'design',
  restore_revision: 'design',
  add_node: 'design',
  patch_node: 'design',
  delete_node: 'design',
  create_campaign: 'design',
  upload_asset: 'design',
  upload_audio: 'design',
  transform_asset: 'design',
  put_brand_kit: 'design',
  update_brand_kit: 'design',
  get_template_preview: 'render',
  render_procedural: 'render',
  render_design: 'render',
  preview_design: 'render',
  export_design_html: 'render',
  create_campaign_video: 'video',
  animate_design: 'video',
  create_video: 'video',
  create_procedural_video: 'video',
  cancel_job: 'video',
  retry_job: 'video',
  get_price_book: 'billing',
  estimate_cost: 'billing',
  get_billing_plan: 'billing',
  get_usage_summary: 'billing',
  get_account_metrics: 'billing',
};

export function toolScope(tool: string): McpScope {
  return TOOL_SCOPES[tool] ?? (/^(get|list)_/.test(tool) ? 'read' : 'design');
}

/** The scope an OAuth access token lacks for a `tools/call` message, or null (API keys, other messages, a granted scope). */
export function missingToolScope(auth: AuthContext, message: unknown): McpScope | null {
  if (auth.credentialType !== 'access_token' || !message || typeof message !== 'object') return null;
  const m = message as { method?: unknown; params?: { name?: unknown } };
  if (m.method !== 'tools/call' || typeof m.params?.name !== 'string') return null;
  const needed = toolScope(m.params.name);
  return auth.scopes.includes(needed) || auth.scopes.includes('*') ? null : needed;
}

/** The JSON-RPC answer to a `tools/call` the token may not make: a tool error result naming the scope (the connection goes on). */
export function insufficientScopeResult(message: { id?: unknown; params?: { name?: unknown } }, scope: McpScope) {
  const detail = `insufficient_scope: the tool ${String(message.params?.name)} needs the OAuth scope "${scope}", which this connection was not granted; reconnect and allow it`;
  return {
    jsonrpc: '2.0',
    id: message.id ?? null,
    result: { isError: true, content: [{ type: 'text', text: JSON.stringify({ detail, code: 'insufficient_scope', scope }) }] },
  };
}
