// schemas/mcp: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { MCP_TOOL_NAMES, type McpToolName, type ToolPage } from './common.ts';
export type { ToolFact, ToolMetric } from './financial-figures.ts';
export { GetCompanyInputSchema, GetCompanyOutputSchema } from './get-company.ts';
export { GetCorporateActionsInputSchema, GetCorporateActionsOutputSchema } from './get-corporate-actions.ts';
export { GetEarningsInputSchema, GetEarningsOutputSchema, type RelatedFiling } from './get-earnings.ts';
export { GetEventsInputSchema, GetEventsOutputSchema } from './get-events.ts';
export {
  GetFactProvenanceInputSchema,
  GetFactProvenanceOutputSchema,
  type ProvenanceChain,
  type ProvenanceVersion,
} from './get-fact-provenance.ts';
export { GetFilingInputSchema, type GetFilingOutput, GetFilingOutputSchema } from './get-filing.ts';
export { GetFinancialHistoryInputSchema, GetFinancialHistoryOutputSchema, type HistoryPoint } from './get-financial-history.ts';
export { GetFinancialsInputSchema, GetFinancialsOutputSchema } from './get-financials.ts';
export { GetHistoricalPricesInputSchema, GetHistoricalPricesOutputSchema } from './get-historical-prices.ts';
export { GetQuoteInputSchema, GetQuoteOutputSchema } from './get-quote.ts';
export { GetShareholdingInputSchema, GetShareholdingOutputSchema } from './get-shareholding.ts';
export { ListDatasetsInputSchema, ListDatasetsOutputSchema } from './list-datasets.ts';
export { ListEventTypesInputSchema, ListEventTypesOutputSchema } from './list-event-types.ts';
export { ListScreenMetricsInputSchema, ListScreenMetricsOutputSchema } from './list-screen-metrics.ts';
export { QueryToolInputSchema, type QueryToolOutput, QueryToolOutputSchema } from './query.ts';
export {
  type CrossSectionInput,
  MAX_CROSS_SECTION_OFFSET,
  ScreenCompaniesInputSchema,
  type ScreenCompaniesOutput,
  ScreenCompaniesOutputSchema,
} from './screen-companies.ts';
export { type FilingSearchResult, SearchFilingsInputSchema, SearchFilingsOutputSchema } from './search-filings.ts';
export { SearchToolInputSchema, SearchToolOutputSchema } from './search.ts';
