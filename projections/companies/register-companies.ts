import type { CompanyRegistered } from '../../schemas/events/company.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { claimIdentifiers } from './claim-identifiers.ts';
import { rounds } from './rounds.ts';
import { COMPANIES } from './tables.ts';

export interface Registration {
  readonly data: CompanyRegistered;
  readonly knownAt: string;
}

/**
 * Several sources register the same company (NSE master, BSE list, index lists, listings).
 * Each attribute keeps what the latest registration (by knowledge time) states, and a
 * source that does not know an attribute (null) never erases what another stated.
 */
const mergeLatest = (column: string) =>
  `${column} = case when excluded.${column} is null then ${COMPANIES}.${column}
     when ${COMPANIES}.${column} is null or excluded.updated_at >= ${COMPANIES}.updated_at then excluded.${column}
     else ${COMPANIES}.${column} end`;

const COLUMNS = [
  ['name', 'text', (d: CompanyRegistered) => d.name],
  ['cin', 'text', (d: CompanyRegistered) => d.cin],
  ['isin', 'text', (d: CompanyRegistered) => d.isin],
  ['nse_symbol', 'text', (d: CompanyRegistered) => d.nseSymbol],
  ['bse_code', 'text', (d: CompanyRegistered) => d.bseCode],
  ['sector', 'text', (d: CompanyRegistered) => d.sector],
  ['industry', 'text', (d: CompanyRegistered) => d.industry],
  ['listing_status', 'text', (d: CompanyRegistered) => d.listingStatus],
  ['listing_date', 'date', (d: CompanyRegistered) => d.listingDate],
] as const;

const UPSERT = `
  insert into ${COMPANIES} (company_id, ${COLUMNS.map(([name]) => name).join(', ')}, known_at, updated_at)
  select u.*, u.known_at from unnest($1::uuid[], ${COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')},
                             $${COLUMNS.length + 2}::timestamptz[])
    as u(company_id, ${COLUMNS.map(([name]) => name).join(', ')}, known_at)
  on conflict (company_id) do update set
    ${COLUMNS.map(([name]) => mergeLatest(name)).join(',\n    ')},
    known_at = least(${COMPANIES}.known_at, excluded.known_at),
    updated_at = greatest(${COMPANIES}.updated_at, excluded.updated_at)`;

/** Applies registrations with one statement per round (a company at most once per round). */
export async function registerCompanies(tx: SqlExecutor, registrations: readonly Registration[]): Promise<void> {
  for (const round of rounds(registrations, (r) => r.data.companyId)) {
    await tx.query(UPSERT, [
      toPgArray(round.map((r) => r.data.companyId)),
      ...COLUMNS.map(([, , value]) => toPgArray(round.map((r) => value(r.data)))),
      toPgArray(round.map((r) => r.knownAt)),
    ]);
  }
  await claimIdentifiers(
    tx,
    registrations.flatMap(({ data, knownAt }) =>
      (
        [
          ['nse', data.nseSymbol],
          ['bse', data.bseCode],
          ['isin', data.isin],
          ['cin', data.cin],
        ] as const
      ).map(([scheme, value]) => ({ scheme, value, companyId: data.companyId, knownAt })),
    ),
  );
}
