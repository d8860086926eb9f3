import type { SqlExecutor } from '#platform/db';
import { FACT_FILINGS, FACTS, REPLACED_FACTS, REPLACED_PARSES } from './tables.ts';

/**
 * The start of each parse's fiscal year as served: the earliest start stated, for a year
 * with the same end, by the company's filings known by the time of the parse's own (itself
 * included). Filings made during a year that a change of year end lengthened state its real
 * start; the year-end filing of such a year (ACC, Ambuja Cements, Nestlé India) states a
 * start twelve months before its end, which its own figures and notes contradict
 * (docs/periods.md). Only filings known by then count, so an answer as of a time uses only
 * what was known at that time.
 */
const servedYearStarts = (parses: string, parseId: string) => `
  select p.company_id, p.${parseId} as parse_id, p.fiscal_year_end,
         least(p.fiscal_year_start, (
           select min(e.fiscal_year_start) from ${FACT_FILINGS} e
           where e.company_id = p.company_id and e.fiscal_year_end = p.fiscal_year_end and e.known_at <= p.known_at
         )) as year_start
  from ${parses} p
  where p.company_id = any($1::uuid[]) and p.fiscal_year_start is not null and p.fiscal_year_end is not null`;

/**
 * An `annual` fact is its filing's whole fiscal year (period-of.ts), so its start is the
 * year's start as served. Derived from the statements alone, never from the rows' current
 * starts, so the rows are the same whatever order the filings arrived in.
 */
const serveAnnualStarts = (facts: string, parses: string, parseId: string) => `
  update ${facts} f set period_start = s.year_start
  from (${servedYearStarts(parses, parseId)}) s
  where f.company_id = s.company_id and f.${parseId} = s.parse_id and f.period_end = s.fiscal_year_end
    and f.period_type = 'annual' and f.period_start is distinct from s.year_start`;

/** Serves the fiscal-year starts of every parse of these companies, held and replaced. */
export async function serveFiscalYearStarts(tx: SqlExecutor, companyIds: readonly string[]): Promise<void> {
  if (companyIds.length === 0) return;
  const ids = [...new Set(companyIds)];
  await tx.query(serveAnnualStarts(FACTS, FACT_FILINGS, 'filing_id'), [ids]);
  await tx.query(serveAnnualStarts(REPLACED_FACTS, REPLACED_PARSES, 'event_id'), [ids]);
}
