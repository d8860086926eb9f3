import type { Fact } from '#schemas/read-models';
import { type TextRows, isoInstant } from '#platform/db';

const OID = { int2: 21, int4: 23, text: 25, varchar: 1043, date: 1082, timestamptz: 1184, numeric: 1700 } as const;

/**
 * The types a column of a fact is read from, by what `query` makes of them: the text itself
 * for the types both adapters return as text (dates and decimals included), a number for an
 * integer, `toISOString` of the Date for an instant.
 */
const TYPES = {
  text: [OID.text, OID.varchar, OID.date, OID.numeric],
  integer: [OID.int2, OID.int4],
  instant: [OID.timestamptz],
} as const;

/** The columns of `listFactsQuery` a fact is built from, with the type each must have. */
const COLUMNS = {
  company_id: 'text',
  name: 'text',
  nse_symbol: 'text',
  bse_code: 'text',
  isin: 'text',
  cin: 'text',
  concept: 'text',
  basis: 'text',
  period_type: 'text',
  period_start: 'text',
  period_end: 'text',
  fiscal_year: 'integer',
  fiscal_quarter: 'integer',
  value: 'text',
  unit: 'text',
  decimals: 'integer',
  scale: 'text',
  element: 'text',
  filing_id: 'text',
  document_type: 'text',
  source_url: 'text',
  known_at: 'instant',
  recorded_at: 'instant',
  revision_number: 'integer',
} as const satisfies Record<string, keyof typeof TYPES>;
type Column = keyof typeof COLUMNS;

/** Where each column is in a row of `result`, or undefined if one is missing or of another type. */
function columnsOf(result: TextRows): Record<Column, number> | undefined {
  const at: Partial<Record<Column, number>> = {};
  for (const [column, type] of Object.entries(COLUMNS) as [Column, keyof typeof TYPES][]) {
    const index = result.fields.findIndex((field) => field.name === column);
    const field = result.fields[index];
    if (!field || !(TYPES[type] as readonly number[]).includes(field.dataTypeId)) return undefined;
    at[column] = index;
  }
  return at as Record<Column, number>;
}

// PostgreSQL writes an int2 or int4 as digits with an optional minus, which Number reads exactly.
const integer = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
const instant = (text: string | null | undefined) => (text === null || text === undefined ? null : isoInstant(text));

/**
 * The facts of rows of `listFactsQuery` read as text (`queryText`): the same values `toFact`
 * makes of the rows `query` reads, built with no Date parsed or formatted and no row object in
 * between; a fact's fields are assigned in `toFact`'s order, so it serialises alike. Undefined
 * when a column is missing or of a type not read here.
 */
export function factsFromText(result: TextRows): Fact[] | undefined {
  const at = columnsOf(result);
  if (!at) return undefined;
  // Indexes read once, and no closure made per row: this runs for every row of every read.
  const [companyId, name, nse, bse, isin, cin] = [at.company_id, at.name, at.nse_symbol, at.bse_code, at.isin, at.cin];
  const [concept, basis, type, start, end, year, quarter] = [
    at.concept,
    at.basis,
    at.period_type,
    at.period_start,
    at.period_end,
    at.fiscal_year,
    at.fiscal_quarter,
  ];
  const [value, unit, decimals, scale, filing, documentType, url, element] = [
    at.value,
    at.unit,
    at.decimals,
    at.scale,
    at.filing_id,
    at.document_type,
    at.source_url,
    at.element,
  ];
  const [knownAt, recordedAt, revision] = [at.known_at, at.recorded_at, at.revision_number];
  const facts: Fact[] = [];
  for (const row of result.rows) {
    facts.push({
      company: { id: row[companyId], name: row[name], nse_symbol: row[nse], bse_code: row[bse], isin: row[isin], cin: row[cin] },
      concept: row[concept],
      basis: row[basis],
      period: { type: row[type], start: row[start], end: row[end], fiscal_year: integer(row[year]), fiscal_quarter: integer(row[quarter]) },
      value: row[value],
      unit: row[unit],
      decimals: integer(row[decimals]),
      scale: row[scale],
      filing_id: row[filing],
      document_type: row[documentType],
      source_url: row[url],
      element: row[element],
      known_at: instant(row[knownAt]),
      recorded_at: instant(row[recordedAt]),
      revision_number: integer(row[revision]),
    } as Fact);
  }
  return facts;
}
