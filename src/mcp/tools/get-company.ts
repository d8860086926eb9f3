import { listInstrumentPage } from '../../../projections/companies/list-companies.ts';
import { GetCompanyInputSchema, GetCompanyOutputSchema } from '../../../schemas/mcp/get-company.ts';
import { companyPhrase } from '../../query/answer/company-phrase.ts';
import { defineTool } from '../define-tool.ts';
import { renderList } from '../render-text.ts';
import { requireCompany } from '../require-company.ts';

/** Far more than a company lists on two exchanges. */
const INSTRUMENT_LIMIT = 100;

export const getCompanyTool = defineTool({
  name: 'get_company',
  title: 'Company profile and securities',
  description: [
    'The company master record (name, NSE symbol, BSE code, ISIN, CIN, sector, industry, listing status and date) and its tradable securities.',
    'Takes an exact identifier: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. For an unknown company name or identifier, call search first and pass what it resolves or what the user confirms among its candidates.',
    'A reference that names no company exactly is an error listing the candidates; a near match is never chosen silently.',
  ].join(' '),
  input: GetCompanyInputSchema,
  output: GetCompanyOutputSchema,
  async run(input, { deps }) {
    await deps.datasets.require('companies');
    const company = await requireCompany(deps, input.company);
    const instruments = await listInstrumentPage(deps.db, { companyId: company.id, limit: INSTRUMENT_LIMIT, offset: 0 });
    return { company, instruments: instruments.items };
  },
  render({ company, instruments }) {
    const profile = [
      `${companyPhrase(company)}, company_id ${company.id}`,
      `ISIN ${company.isin ?? 'not known'}; CIN ${company.cin ?? 'not known'}; sector ${company.sector ?? 'not known'}; industry ${company.industry ?? 'not known'}`,
      `Listing status ${company.listing_status}${company.listing_date ? `, listed ${company.listing_date}` : ''}; known since ${company.known_at}, last changed ${company.updated_at}.`,
    ];
    return `${profile.join('\n')}\n${renderList('Securities:', instruments, (i) => `${i.exchange}:${i.ticker} ${i.type} ${i.series ?? ''} (${i.status}), ISIN ${i.isin ?? 'not stated'}`)}`;
  },
});
