import { COMPANIES, COMPANY_IDENTIFIERS } from '#projections/companies';
import type { CompanySearchHit, FormerName } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { inexactScore } from './hit-score.ts';
import { nameMatchSql } from './name-match-sql.ts';
import { PROMINENCE, similarCompanyHit, type SimilarCompanyRow } from './find-similar-companies.ts';

/**
 * A former name is weighed a little below the current name matching as well: "Idea" offers
 * a company called Idea now before the one called Idea Cellular once.
 */
export const FORMER_NAME_WEIGHT = 0.95;

interface FormerNameRow extends SimilarCompanyRow {
  former: string;
  first_seen: string | null;
  last_seen: string | null;
  linked_by: FormerName['linked_by'];
  sources: FormerName['sources'];
}

// A former name has no ticker of its own: only its words match.
const MATCH = nameMatchSql('i.value', null);

/**
 * Companies one of whose former names (the names of the security master, docs/identity.md,
 * that are not current) matches the query, as findSimilarCompanies matches current names.
 * A spelling of the current name ("VODAFONE IDEA LIMITED" beside "Vodafone Idea Limited")
 * is not a former name. Each company once, by its best-matching former name; the days and
 * the (up to five) sources shown span every spelling of that name. Run inside withTrigramThresholds.
 */
const SQL = `
  with names as (
    select i.company_id, i.value, i.first_seen, i.last_seen, i.linked_by, i.sources,
      search_normalise_name(i.value) as normal,
      ${MATCH.score} as score,
      ${MATCH.contains} as contains
    from ${COMPANY_IDENTIFIERS} i
    join ${COMPANIES} c on c.company_id = i.company_id
    where i.scheme = 'name' and not i.is_current and ${MATCH.matches}
      and search_normalise_name(i.value) <> search_normalise_name(c.name)
  ),
  spans as (
    select n.company_id, n.normal, min(n.first_seen) as first_seen, max(n.last_seen) as last_seen,
      (select jsonb_agg(e) from (
         select e from (
           select distinct e from names m cross join jsonb_array_elements(m.sources) e
           where m.company_id = n.company_id and m.normal = n.normal) every_source
         order by e->>'observed_on' desc nulls last, e->>'known_at' desc, e->>'file' limit 5) newest) as sources
    from names n group by n.company_id, n.normal
  ),
  -- Shown in the mixed case some source gives, when one does ("IDEA CELLULAR LTD." only has capitals).
  best as (
    select distinct on (n.company_id) n.*
    from names n
    order by n.company_id, n.score desc, n.contains desc, n.value = upper(n.value), n.last_seen desc nulls last, n.value
  )
  select c.company_id::text as company_id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin, c.sector, c.listing_status,
    ${PROMINENCE} as prominence,
    b.value as former, s.first_seen::text as first_seen, s.last_seen::text as last_seen, b.linked_by, s.sources,
    b.score::float8 as score, b.contains
  from best b
  join spans s on s.company_id = b.company_id and s.normal = b.normal
  join ${COMPANIES} c on c.company_id = b.company_id
  order by b.score desc, prominence desc, c.name, c.company_id
  limit $2`;

function howLinked(row: FormerNameRow): string {
  switch (row.linked_by) {
    case 'isin':
      // The issuer part of an ISIN ("INE669E" of INE669E01016) is what anchors a company.
      return row.isin
        ? `the ISIN its source gives (issuer ${row.isin.slice(0, 7)}, as in the company's ${row.isin})`
        : 'the ISIN its source gives';
    case 'bse_code':
      return `its source's BSE scrip code`;
    case 'symbol_change':
      return 'a price history showing the symbol change';
  }
}

function noteOf(row: FormerNameRow): string {
  const days =
    row.first_seen === null
      ? 'undated: only lists that state no date show it'
      : row.first_seen === row.last_seen
        ? `shown on ${row.first_seen}`
        : `shown from ${row.first_seen} to ${row.last_seen}`;
  return `"${row.former}" is a former name of ${row.name} (${days}), linked by ${howLinked(row)}; a candidate to confirm, not a resolution.`;
}

export async function findFormerNames(tx: SqlExecutor, query: string, limit: number): Promise<CompanySearchHit[]> {
  const { rows } = await tx.query<FormerNameRow>(SQL, [query.trim(), limit]);
  return rows.map((row) => ({
    ...similarCompanyHit(row, inexactScore(row.score * FORMER_NAME_WEIGHT), `${row.name} (formerly ${row.former})`),
    former_name: {
      name: row.former,
      first_seen: row.first_seen,
      last_seen: row.last_seen,
      linked_by: row.linked_by,
      sources: row.sources,
      note: noteOf(row),
    },
  }));
}
