import type { Company, CompanyProfile, IdentifierHistory, ListingPeriod } from '#schemas/read-models';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { groupBy } from '#domain/identity';
import { type CompanyRow, toCompany } from './to-company.ts';
import { COUNTS, SPEAKING_PARSE } from './current-claims.ts';
import { COMPANIES, COMPANY_ALIASES, COMPANY_IDENTIFIERS, COMPANY_LISTINGS, PARSES, SYMBOL_CHAINS } from './tables.ts';

/** A company by its id, or by an id that names it (an earlier per-ISIN id, a merged anchor's). */
export async function getCompany(db: SqlExecutor, companyId: string): Promise<Company | undefined> {
  const { rows } = await db.query<CompanyRow>(
    `select c.* from ${COMPANIES} c where c.company_id = $1
     union all
     select c.* from ${COMPANY_ALIASES} a join ${COMPANIES} c using (company_id) where a.alias_id = $1
     limit 1`,
    [companyId],
  );
  return rows[0] && toCompany(rows[0]);
}

/** One company's hold on an identifier, as resolution reads it. */
export interface Holding {
  readonly scheme: string;
  readonly value: string;
  readonly companyId: string;
  /** Resolves to this company from this day (null: always before), until `to` (exclusive; null: ever after). */
  readonly from: string | null;
  readonly to: string | null;
}

interface HoldingRow {
  scheme: string;
  value: string;
  company_id: string;
  resolve_from: string | null;
  resolve_to: string | null;
}

const toHolding = (row: HoldingRow): Holding => ({
  scheme: row.scheme,
  value: row.value,
  companyId: row.company_id,
  from: row.resolve_from,
  to: row.resolve_to,
});

const HOLDING_COLUMNS = `scheme, value, company_id::text as company_id, resolve_from::text as resolve_from, resolve_to::text as resolve_to`;

/** Every company that has held one identifier, with the days it resolves to each. */
export async function holdingsOf(db: SqlExecutor, scheme: string, value: string): Promise<Holding[]> {
  const { rows } = await db.query<HoldingRow>(
    `select ${HOLDING_COLUMNS} from ${COMPANY_IDENTIFIERS} where scheme = $1 and value = $2 order by resolve_from nulls first`,
    [scheme, value],
  );
  return rows.map(toHolding);
}

/** Every identifier that resolves to a company, for the ingestion's in-memory directory. */
export async function listHoldings(db: SqlExecutor): Promise<Holding[]> {
  const { rows } = await db.query<HoldingRow>(`select ${HOLDING_COLUMNS} from ${COMPANY_IDENTIFIERS} where scheme <> 'name'`);
  return rows.map(toHolding);
}

interface IdentifierRow {
  company_id: string;
  scheme: IdentifierHistory['scheme'];
  value: string;
  first_seen: string | null;
  last_seen: string | null;
  known_at: Date;
  is_current: boolean;
  linked_by: IdentifierHistory['linked_by'];
  sources: IdentifierHistory['sources'];
  source_count: number;
  resolve_from: string | null;
  resolve_to: string | null;
}

const SCHEME_ORDER = `case scheme when 'name' then 0 when 'nse' then 1 when 'bse' then 2 when 'isin' then 3 else 4 end`;

/** The identifier history and dated listing status of the given companies. */
export async function historiesOf(
  db: SqlExecutor,
  companyIds: readonly string[],
): Promise<Map<string, { identifiers: IdentifierHistory[]; listings: ListingPeriod[] }>> {
  const ids = toPgArray(companyIds);
  const { rows: identifiers } = await db.query<IdentifierRow>(
    `select company_id::text as company_id, scheme, value, first_seen::text as first_seen, last_seen::text as last_seen,
            known_at, is_current, linked_by, sources, source_count, resolve_from::text as resolve_from, resolve_to::text as resolve_to
     from ${COMPANY_IDENTIFIERS} where company_id = any($1::uuid[])
     order by ${SCHEME_ORDER}, is_current desc, last_seen desc nulls last, first_seen desc nulls last, value`,
    [ids],
  );
  const { rows: listings } = await db.query<ListingPeriod & { company_id: string }>(
    `select company_id::text as company_id, exchange, status, valid_from::text as valid_from, valid_to::text as valid_to, basis
     from ${COMPANY_LISTINGS} where company_id = any($1::uuid[]) order by exchange, valid_from`,
    [ids],
  );
  const identifiersBy = groupBy(
    identifiers,
    (row) => row.company_id,
    (row): IdentifierHistory => ({
      scheme: row.scheme,
      value: row.value,
      first_seen: row.first_seen,
      last_seen: row.last_seen,
      known_at: row.known_at.toISOString(),
      current: row.is_current,
      linked_by: row.linked_by,
      resolves_from: row.resolve_from,
      resolves_until: row.resolve_to,
      sources: row.sources,
      source_count: row.source_count,
    }),
  );
  const listingsBy = groupBy(
    listings,
    (row) => row.company_id,
    ({ company_id: _, ...period }) => period,
  );
  const renamed = await earlierSymbols(db, identifiers);
  return new Map(
    companyIds.map((id) => [
      id,
      { identifiers: [...(identifiersBy.get(id) ?? []), ...(renamed.get(id) ?? [])], listings: listingsBy.get(id) ?? [] },
    ]),
  );
}

/**
 * The symbols price histories show as earlier (or later) symbols of the companies' NSE
 * symbols, and that no list states for them: UTIBANK for Axis Bank.
 */
async function earlierSymbols(db: SqlExecutor, identifiers: readonly IdentifierRow[]): Promise<Map<string, IdentifierHistory[]>> {
  const symbols = identifiers.filter((row) => row.scheme === 'nse');
  const members = await chainsWith(db, 'NSE', [...new Set(symbols.map((row) => row.value))]);
  const ownerOf = new Map(symbols.map((row) => [row.value, row.company_id]));
  const held = new Set(symbols.map((row) => `${row.company_id}\u0000${row.value}`));
  const byChain = groupBy(
    members,
    (m) => m.chain,
    (m) => m,
  );
  const found = new Map<string, IdentifierHistory & { company_id: string }>();
  for (const chain of byChain.values()) {
    const owner = chain.map((m) => ownerOf.get(m.symbol)).find((id) => id !== undefined);
    if (!owner) continue;
    for (const m of chain) {
      if (held.has(`${owner}\u0000${m.symbol}`) || found.has(`${owner}\u0000${m.symbol}`)) continue;
      found.set(`${owner}\u0000${m.symbol}`, {
        company_id: owner,
        scheme: 'nse',
        value: m.symbol,
        first_seen: m.firstDay,
        last_seen: m.lastDay,
        known_at: m.knownAt,
        current: false,
        linked_by: 'symbol_change',
        resolves_from: null,
        resolves_until: null,
        sources: [
          {
            kind: 'price-history',
            source: 'nse',
            file: m.file,
            url: null,
            known_at: m.knownAt,
            known_at_basis: null,
            observed_on: m.lastDay,
            observed_on_basis: 'stated',
          },
        ],
        source_count: 1,
      });
    }
  }
  return groupBy(
    found.values(),
    (h) => h.company_id,
    ({ company_id: _, ...history }) => history,
  );
}

/** Companies with their histories, in the given order. */
export async function withHistories(db: SqlExecutor, companies: readonly Company[]): Promise<CompanyProfile[]> {
  const histories = await historiesOf(
    db,
    companies.map((c) => c.id),
  );
  return companies.map((company) => ({ ...company, ...(histories.get(company.id) ?? { identifiers: [], listings: [] }) }));
}

/** One symbol of a security that a price history shows under several symbols. */
export interface ChainSymbol {
  readonly chain: string;
  readonly exchange: string;
  readonly symbol: string;
  readonly firstDay: string;
  readonly lastDay: string;
  readonly file: string | null;
  readonly knownAt: string;
}

/** Every symbol of the symbol chains (of documents' speaking parses) that contain one of `symbols`. */
export async function chainsWith(db: SqlExecutor, exchange: string, symbols: readonly string[]): Promise<ChainSymbol[]> {
  if (symbols.length === 0) return [];
  const { rows } = await db.query<{
    chain: string;
    exchange: string;
    symbol: string;
    first_day: string;
    last_day: string;
    file: string | null;
    known_at: Date;
  }>(
    `select m.chain::text as chain, m.exchange, m.symbol, m.first_day::text as first_day, m.last_day::text as last_day, p.file, m.known_at
     from ${SYMBOL_CHAINS} m left join lateral (select file from ${PARSES} where parse = m.parse) p on true
     where m.chain in (
       select c.chain from ${SYMBOL_CHAINS} c ${SPEAKING_PARSE('c.document')}
       where c.exchange = $1 and c.symbol = any($2::text[]) and ${COUNTS})
     order by m.chain, m.first_day, m.symbol`,
    [exchange, toPgArray(symbols)],
  );
  return rows.map((row) => ({
    chain: row.chain,
    exchange: row.exchange,
    symbol: row.symbol,
    firstDay: row.first_day,
    lastDay: row.last_day,
    file: row.file,
    knownAt: row.known_at.toISOString(),
  }));
}
