import { operationRunnerProvider } from '../common/operation-runner';
import { MCP_TOOLS } from './tools';

/** The injection token of the runner of the MCP tools' operations. */
export const MCP_RUNNER = Symbol('McpRunner');

/** The runner of the tools' operations, with their application services injected (McpModule imports their modules). */
export const mcpRunnerProvider = operationRunnerProvider(
  MCP_RUNNER,
  MCP_TOOLS.map((t) => t.operation),
);
