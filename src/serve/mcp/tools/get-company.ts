import { listInstrumentPage, withHistories } from '#projections/companies';
import { GetCompanyInputSchema, GetCompanyOutputSchema } from '#schemas/mcp';
import type { IdentifierHistory } from '#schemas/read-models';
import { companyPhrase } from '#read/phrases';
import { defineCompanyTool } from '../define-tool.ts';
import { renderList } from '../render-text.ts';

/** Far more than a company lists on two exchanges. */
const INSTRUMENT_LIMIT = 100;

/** Said when a day shown comes from a list that states no date: the earliest its content allows. */
const inferred = (i: IdentifierHistory) =>
  i.sources.some((s) => s.observed_on_basis === 'inferred') ? ' (days of lists that state no date: the earliest their content allows)' : '';

export const getCompanyTool = defineCompanyTool({
  name: 'get_company',
  title: 'Company profile and securities',
  dataset: 'companies',
  description: [
    'The company master record (name, NSE symbol, BSE code, ISIN, CIN, sector, industry, listing status and date), every name, symbol, BSE code, ISIN and CIN it has had with the days sources showed them and who said so, its dated listing status on each exchange, and its tradable securities.',
    'The company id never changes across ISIN, symbol and name changes; an old symbol or ISIN also resolves to it.',
    'Takes an exact identifier: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. For an unknown company name or identifier, call search first and pass what it resolves or what the user confirms among its candidates.',
    'A reference that names no company exactly is an error listing the candidates; a near match is never chosen silently.',
  ],
  input: GetCompanyInputSchema,
  output: GetCompanyOutputSchema,
  async run(_input, resolved, { deps }) {
    const [company] = await withHistories(deps.db, [resolved]);
    if (!company) throw new Error('a resolved company has no record');
    const instruments = await listInstrumentPage(deps.db, { companyId: company.id, limit: INSTRUMENT_LIMIT, offset: 0 });
    return { company, instruments: instruments.items };
  },
  render({ company, instruments }) {
    const profile = [
      `${companyPhrase(company)}, company_id ${company.id}`,
      `ISIN ${company.isin ?? 'not known'}; CIN ${company.cin ?? 'not known'}; sector ${company.sector ?? 'not known'}; industry ${company.industry ?? 'not known'}`,
      `Listing status ${company.listing_status}${company.listing_date ? `, listed ${company.listing_date}` : ''}; known since ${company.known_at}, last changed ${company.updated_at}.`,
    ];
    const history = renderList(
      'Identifiers over time:',
      company.identifiers,
      (i) =>
        `${i.scheme} ${i.value}${i.current ? ' (current)' : ''}${i.first_seen ? `, seen ${i.first_seen}${i.last_seen && i.last_seen !== i.first_seen ? ` to ${i.last_seen}` : ''}${inferred(i)}` : ', linked, not dated'}; ${i.source_count} source${i.source_count === 1 ? '' : 's'}`,
    );
    const listings = renderList(
      'Listing status:',
      company.listings,
      (l) => `${l.exchange} ${l.status} from ${l.valid_from}${l.valid_to ? ` to ${l.valid_to}` : ''} (${l.basis})`,
    );
    return `${profile.join('\n')}\n${history}\n${listings}\n${renderList('Securities:', instruments, (i) => `${i.exchange}:${i.ticker} ${i.type} ${i.series ?? ''} (${i.status}), ISIN ${i.isin ?? 'not stated'}`)}`;
  },
});
