import { z } from 'zod';
import { InstantInputSchema, BasisSchema } from '#schemas/common';

/** The tools of SPEC.md's tool interface, in its order. */
export const MCP_TOOL_NAMES = [
  'search',
  'get_company',
  'get_quote',
  'get_historical_prices',
  'get_financials',
  'get_financial_history',
  'list_screen_metrics',
  'screen_companies',
  'get_shareholding',
  'get_corporate_actions',
  'list_event_types',
  'get_events',
  'search_filings',
  'get_filing',
  'get_earnings',
  'get_fact_provenance',
  'query',
  'list_datasets',
] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

/** A company as a tool input: an exact identifier, never a name. */
export const CompanyInputSchema = z
  .string()
  .min(1)
  .max(200)
  .describe(
    'The company, exactly: ticker (e.g. TCS), NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. For a name, call search first: a near match is never chosen silently',
  );

/** The basis of a tool's figures: consolidated unless asked otherwise. */
export const BasisInputSchema = BasisSchema.default('consolidated').describe(
  'consolidated (default; the group) or standalone (the company alone)',
);

export const AsOfInputSchema = InstantInputSchema.describe(
  'Point in time: only what was knowable then (by known_at), so later filings and restatements are excluded. A date alone means its midnight UTC. Omit for current knowledge',
);

export const RecordedAsOfInputSchema = InstantInputSchema.describe(
  "This service's own record (system time): only what it had recorded by then, each filing as it was parsed then, before any later re-parse by a newer parser. For audits; independent of as_of (what the world knew), and both may be given. A date alone means its midnight UTC. Omit for the record now",
);

export const offsetInput = () => z.number().int().min(0).default(0).describe("Items to skip; pass the previous page's page.next_offset");

export const limitInput = (max: number, fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(
      `Items per page, 1..${max} (default ${fallback}); a page holds what fits in 25 KB, so a larger limit is paged (page.truncated)`,
    );

/** The paging inputs of a tool: `limit` with its bounds, and `offset`. */
export const pageInputs = (max: number, fallback: number) => ({ limit: limitInput(max, fallback), offset: offsetInput() });

/** Where a paged tool result stands, and how to ask for the next page. */
export const ToolPageSchema = z
  .object({
    offset: z.number().int().describe('Items skipped before this page'),
    limit: z.number().int().describe('Items asked for'),
    returned: z.number().int().describe('Items in this page'),
    total: z.number().int().nullable().describe('Items matching over all pages; null when not counted'),
    next_offset: z.number().int().nullable().describe('Pass as offset for the next page; null when this is the last page'),
    truncated: z
      .boolean()
      .describe('true when fewer than limit items were returned to keep one result under 25 KB: page on with next_offset'),
  })
  .describe('Paging of the result');
export type ToolPage = z.infer<typeof ToolPageSchema>;
