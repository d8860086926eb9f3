import type { McpTool } from '../define-tool.ts';
import { getCompanyTool } from './get-company.ts';
import { getCorporateActionsTool } from './get-corporate-actions.ts';
import { getEarningsTool } from './get-earnings.ts';
import { getEventsTool } from './get-events.ts';
import { getFactProvenanceTool } from './get-fact-provenance.ts';
import { getFinancialHistoryTool } from './get-financial-history.ts';
import { getFinancialsTool } from './get-financials.ts';
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
  getFinancialsTool,
  getFinancialHistoryTool,
  getShareholdingTool,
  getCorporateActionsTool,
  listEventTypesTool,
  getEventsTool,
  getEarningsTool,
  getFactProvenanceTool,
  listDatasetsTool,
] as readonly McpTool[];
