import type { McpTool } from '../define-tool.ts';
import { getCompanyTool } from './get-company.ts';
import { getCorporateActionsTool } from './get-corporate-actions.ts';
import { getEarningsTool } from './get-earnings.ts';
import { getEventsTool } from './get-events.ts';
import { getFactProvenanceTool } from './get-fact-provenance.ts';
import { getFilingTool } from './get-filing.ts';
import { getFinancialHistoryTool } from './get-financial-history.ts';
import { getFinancialsTool } from './get-financials.ts';
import { getHistoricalPricesTool } from './get-historical-prices.ts';
import { getQuoteTool } from './get-quote.ts';
import { getShareholdingTool } from './get-shareholding.ts';
import { listDatasetsTool } from './list-datasets.ts';
import { listEventTypesTool } from './list-event-types.ts';
import { listScreenMetricsTool } from './list-screen-metrics.ts';
import { queryTool } from './query.ts';
import { screenCompaniesTool } from './screen-companies.ts';
import { searchFilingsTool } from './search-filings.ts';
import { searchTool } from './search.ts';

/** Every tool of SPEC.md's tool interface, in its order. */
export const TOOLS = [
  searchTool,
  getCompanyTool,
  getQuoteTool,
  getHistoricalPricesTool,
  getFinancialsTool,
  getFinancialHistoryTool,
  listScreenMetricsTool,
  screenCompaniesTool,
  getShareholdingTool,
  getCorporateActionsTool,
  listEventTypesTool,
  getEventsTool,
  searchFilingsTool,
  getFilingTool,
  getEarningsTool,
  getFactProvenanceTool,
  queryTool,
  listDatasetsTool,
] as readonly McpTool[];
