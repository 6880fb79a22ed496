/**
 * The OAuth scopes an MCP connector may be granted, each a part of what the account can do. Every MCP tool needs one
 * (mcp/tool-scopes.ts); API keys keep `*` and need none of them.
 */
export const MCP_SCOPES = ['read', 'design', 'render', 'video', 'billing'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** What each scope lets a connector do, as the consent page says it. */
export const SCOPE_DESCRIPTIONS: Record<McpScope, string> = {
  read: 'read your designs, campaigns, assets, artifacts, jobs, brand kit and catalogues',
  design: 'create and change designs, campaigns, assets and the brand kit (and run the planning and generation tools, which may use credits)',
  render: 'render designs and previews to images and HTML (uses credits)',
  video: 'make videos and animations, and cancel or retry jobs (uses credits)',
  billing: 'see the billing plan, prices, usage and credits',
};

export function isMcpScope(value: string): value is McpScope {
  return (MCP_SCOPES as readonly string[]).includes(value);
}

/** The MCP scopes in a space-separated scope string, in their canonical order; none asked means all of them. */
export function requestedScopes(scope: unknown): McpScope[] {
  const asked = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
  const known = MCP_SCOPES.filter((s) => asked.includes(s));
  return asked.some(isMcpScope) ? known : [...MCP_SCOPES];
}
