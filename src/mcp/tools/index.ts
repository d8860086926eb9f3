import type { McpTool } from '../define-tool.ts';
import { getCompanyTool } from './get-company.ts';
import { getCorporateActionsTool } from './get-corporate-actions.ts';
import { getEventsTool } from './get-events.ts';
import { getHistoricalPricesTool } from './get-historical-prices.ts';
import { getQuoteTool } from './get-quote.ts';
import { getShareholdingTool } from './get-shareholding.ts';
import { listDatasetsTool } from './list-datasets.ts';
import { listEventTypesTool } from './list-event-types.ts';
import { searchTool } from './search.ts';

/** Every tool of SPEC.md's tool interface, in its order. */
export const TOOLS = [
  searchTool,
  getCompanyTool,
  getQuoteTool,
  getHistoricalPricesTool,
  getShareholdingTool,
  getCorporateActionsTool,
  listEventTypesTool,
  getEventsTool,
  listDatasetsTool,
] as readonly McpTool[];
