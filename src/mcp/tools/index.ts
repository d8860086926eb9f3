import type { McpTool } from '../define-tool.ts';
import { getCompanyTool } from './get-company.ts';
import { listDatasetsTool } from './list-datasets.ts';
import { searchTool } from './search.ts';
// imports: market tools
// imports: financial tools
// imports: research tools

/** Every tool of SPEC.md's tool interface; build-mcp-server registers them in MCP_TOOL_NAMES order. */
export const TOOLS: readonly McpTool[] = [
  searchTool,
  getCompanyTool,
  listDatasetsTool,
  // market tools
  // financial tools
  // research tools
] as readonly McpTool[];
