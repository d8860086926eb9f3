import { listCorporateActions } from '#projections/corporate-actions';
import { GetCorporateActionsInputSchema, GetCorporateActionsOutputSchema } from '#schemas/mcp';
import type { CorporateAction } from '#schemas/read-models';
import { companyPhrase } from '#read/phrases';
import { defineOptionalCompanyTool } from '../define-tool.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, pageOf } from '../result-budget.ts';

/** The parsed terms of an action, where it has any. */
function terms(a: CorporateAction): string {
  const parts = [
    a.amount_per_share === null ? '' : `INR ${a.amount_per_share} per share`,
    a.ratio_new === null || a.ratio_existing === null ? '' : `${a.ratio_new} for ${a.ratio_existing}`,
    a.face_value_from === null || a.face_value_to === null ? '' : `face value INR ${a.face_value_from} to INR ${a.face_value_to}`,
  ].filter((part) => part !== '');
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/** The file an action was read from: its name and URL where known, else its publisher. */
const sourceText = (a: CorporateAction): string => [a.source_file, a.source_url].filter((part) => part !== null).join(', ') || a.source;

const actionLine = (a: CorporateAction): string => {
  // The master's name first: BSE's exports name a scrip by its short id (BIRLAYAM), not the company.
  const who = [
    a.company_name ?? a.company.name,
    a.company_isin && `ISIN ${a.company_isin}`,
    a.company.nse_symbol && `NSE: ${a.company.nse_symbol}`,
    a.company.bse_code && `BSE: ${a.company.bse_code}`,
  ]
    .filter((part) => part)
    .join(', ');
  return [
    `ex-date ${a.ex_date ?? 'not stated'}${a.record_date ? `, record date ${a.record_date}` : ''}: ${a.action_type ?? 'other'} of ${who || 'an unnamed company'}${terms(a)}`,
    `  "${a.purpose}" (known at ${a.known_at}, source ${sourceText(a)})`,
  ].join('\n');
};

export const getCorporateActionsTool = defineOptionalCompanyTool({
  name: 'get_corporate_actions',
  title: 'Corporate actions: dividends, splits, bonuses, rights, buybacks',
  dataset: 'corporate_actions',
  description: [
    'Dividends, stock splits, bonus issues, rights issues and buybacks, newest ex-date first, for one company or all: the company (id, name, and the ISIN of its equity on the ex-date where known, else its current one), ex-date, record date, amount per share, ratios or face values as parsed (decimal strings; null when not stated), the purpose text exactly as published, source and known_at.',
    'Ownership: get_shareholding. Actions: get_corporate_actions.',
    'Filter by type and by an ex-date range (start, end); page with offset. Takes an exact company identifier; for a company name, call search first.',
    'An empty result is not proof that no action happened: check list_datasets for coverage.',
  ],
  input: GetCorporateActionsInputSchema,
  output: GetCorporateActionsOutputSchema,
  async run(input, company, { deps }) {
    const { offset, limit } = input;
    const found = await listCorporateActions(deps.db, {
      companyId: company?.id,
      type: input.type,
      start: input.start,
      end: input.end,
      limit,
      offset,
    });
    return fitPage(found.items, (actions, truncated) => ({
      company,
      actions: [...actions],
      page: pageOf({ offset, limit, returned: actions.length, total: found.total, truncated }),
    }));
  },
  render({ company, actions, page }) {
    const heading = `Corporate actions${company ? ` of ${companyPhrase(company)}` : ''}, newest ex-date first:`;
    return renderList(heading, actions, actionLine, pageLine(page));
  },
});
