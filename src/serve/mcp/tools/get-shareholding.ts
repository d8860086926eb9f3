import { identityOfCompany } from '#projections/companies';
import { listShareholding } from '#projections/shareholding';
import { GetShareholdingInputSchema, GetShareholdingOutputSchema } from '#schemas/mcp';
import type { ShareholdingSnapshot } from '#schemas/read-models';
import { companyPhrase } from '#read/phrases';
import { defineCompanyTool } from '../define-tool.ts';
import { pageLine, renderList } from '../render-text.ts';
import { fitPage, pageOf } from '../result-budget.ts';

const pct = (label: string, value: string | null): string => `${label} ${value === null ? 'not stated' : `${value}%`}`;

const snapshotLine = (s: ShareholdingSnapshot): string =>
  [
    `${s.period_end}: ${pct('promoter', s.promoter_pct)}, ${pct('FII', s.fii_pct)}, ${pct('DII', s.dii_pct)} (${pct('mutual funds', s.mutual_fund_pct)}), ${pct('public', s.public_pct)}, ${pct('pledged', s.pledged_pct)}`,
    `  filing ${s.filing_id}, known at ${s.known_at}, source ${s.source_url ?? s.source}${s.holders ? `; ${s.holders.length} holder lines` : ''}`,
  ].join('\n');

export const getShareholdingTool = defineCompanyTool({
  name: 'get_shareholding',
  title: 'Ownership (shareholding pattern) snapshots',
  dataset: 'shareholding',
  description: [
    'Ownership of one company per period end, newest first: promoter, FII, DII, mutual fund, non-institutional public and pledged percentages as filed (decimal strings; null when not stated, never 0), optionally with the holder-level breakdown, each with its filing, source and known_at.',
    'Ownership: get_shareholding. Actions: get_corporate_actions.',
    'Newest period ends first; page with offset (page.next_offset). as_of restricts to what was knowable then, so later patterns and revisions are excluded. known_at is the dissemination time or, when the source states none, the SEBI filing deadline as an upper bound.',
    'Takes an exact company identifier; for a company name, call search first. An empty result is not proof of absence: check list_datasets.',
  ],
  input: GetShareholdingInputSchema,
  output: GetShareholdingOutputSchema,
  // The company's identifiers are read as of as_of too, as every company tool reads them.
  async run(input, resolved, { deps, asOf }) {
    const company = identityOfCompany(resolved);
    // The query has no offset: a company files a few snapshots a year, so read to the page's
    // end and skip. One more than that says whether a next page exists; fewer is the total.
    const { offset, limit } = input;
    const read = await listShareholding(deps.db, {
      companyId: company.id,
      periodEnd: input.period_end,
      holders: input.holders,
      asOf,
      limit: offset + limit + 1,
    });
    const total = read.length <= offset + limit ? read.length : null;
    return fitPage(read.slice(offset, offset + limit), (snapshots, truncated) => ({
      company,
      as_of: asOf ?? null,
      snapshots: [...snapshots],
      page: pageOf({ offset, limit, returned: snapshots.length, total, truncated }),
    }));
  },
  render({ company, as_of, snapshots, page }) {
    const heading = `Ownership of ${companyPhrase(company)}${as_of ? ` as knowable at ${as_of}` : ''}, newest period first (percent of all shares):`;
    return renderList(heading, snapshots, snapshotLine, pageLine(page));
  },
});
