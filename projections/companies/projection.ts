import type { DomainEventType } from '../../schemas/events/catalogue.ts';
import type { CompanyRegistered, CompanyUpdated } from '../../schemas/events/company.ts';
import type { InstrumentListed, InstrumentStatusChanged } from '../../schemas/events/instrument.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import type { StoredEvent } from '../../src/event-store/event-store.ts';
import type { Projection } from '../../src/projector/projection.ts';
import { COMPANIES, COMPANY_IDENTIFIERS, createCompanyTables, INSTRUMENTS } from './tables.ts';

export type IdentifierScheme = 'nse' | 'bse' | 'isin' | 'cin';

async function claimIdentifiers(
  tx: SqlExecutor,
  companyId: string,
  knownAt: string,
  identifiers: ReadonlyArray<readonly [IdentifierScheme, string | null | undefined]>,
): Promise<void> {
  const present = identifiers.filter((entry): entry is [IdentifierScheme, string] => !!entry[1]);
  if (present.length === 0) return;
  await tx.query(
    `insert into ${COMPANY_IDENTIFIERS} (scheme, value, company_id, known_at)
     select scheme, value, $3::uuid, $4::timestamptz from unnest($1::text[], $2::text[]) as u(scheme, value)
     on conflict (scheme, value) do update
       set company_id = excluded.company_id, known_at = excluded.known_at
       where excluded.known_at >= ${COMPANY_IDENTIFIERS}.known_at`,
    [present.map(([scheme]) => scheme), present.map(([, value]) => value), companyId, knownAt],
  );
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

const MERGED_COLUMNS = ['name', 'cin', 'isin', 'nse_symbol', 'bse_code', 'sector', 'industry', 'listing_status', 'listing_date'];

async function registerCompany(tx: SqlExecutor, data: CompanyRegistered, knownAt: string): Promise<void> {
  await tx.query(
    `insert into ${COMPANIES} (company_id, name, cin, isin, nse_symbol, bse_code, sector, industry,
                               listing_status, listing_date, known_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
     on conflict (company_id) do update set
       ${MERGED_COLUMNS.map(mergeLatest).join(',\n       ')},
       known_at = least(${COMPANIES}.known_at, excluded.known_at),
       updated_at = greatest(${COMPANIES}.updated_at, excluded.updated_at)`,
    [
      data.companyId,
      data.name,
      data.cin,
      data.isin,
      data.nseSymbol,
      data.bseCode,
      data.sector,
      data.industry,
      data.listingStatus,
      data.listingDate,
      knownAt,
    ],
  );
  await claimIdentifiers(tx, data.companyId, knownAt, [
    ['nse', data.nseSymbol],
    ['bse', data.bseCode],
    ['isin', data.isin],
    ['cin', data.cin],
  ]);
}

const COMPANY_COLUMNS = {
  name: 'name',
  cin: 'cin',
  isin: 'isin',
  nseSymbol: 'nse_symbol',
  bseCode: 'bse_code',
  sector: 'sector',
  industry: 'industry',
  listingStatus: 'listing_status',
  listingDate: 'listing_date',
} as const satisfies Record<keyof CompanyUpdated['changes'], string>;

async function updateCompany(tx: SqlExecutor, data: CompanyUpdated, knownAt: string): Promise<void> {
  const changes = Object.entries(data.changes) as [keyof typeof COMPANY_COLUMNS, unknown][];
  // Column names come from the fixed map above; values are parameters.
  const assignments = changes.map(([field], i) => `${COMPANY_COLUMNS[field]} = $${i + 3}`);
  await tx.query(
    `update ${COMPANIES} set ${assignments.join(', ')}, updated_at = greatest(updated_at, $2)
     where company_id = $1`,
    [data.companyId, knownAt, ...changes.map(([, value]) => value)],
  );
  await claimIdentifiers(tx, data.companyId, knownAt, [
    ['nse', data.changes.nseSymbol],
    ['bse', data.changes.bseCode],
    ['isin', data.changes.isin],
    ['cin', data.changes.cin],
  ]);
}

/** A later listing of the same instrument (a renamed symbol, a new face value) updates it. */
async function listInstrument(tx: SqlExecutor, data: InstrumentListed, knownAt: string): Promise<void> {
  await tx.query(
    `insert into ${INSTRUMENTS} (instrument_id, company_id, exchange, segment, type, ticker, isin, name,
                                 series, face_value, listing_date, status, known_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict (instrument_id) do update set
       ticker = excluded.ticker, name = excluded.name, series = coalesce(excluded.series, ${INSTRUMENTS}.series),
       face_value = coalesce(excluded.face_value, ${INSTRUMENTS}.face_value),
       listing_date = coalesce(${INSTRUMENTS}.listing_date, excluded.listing_date),
       status = excluded.status, known_at = excluded.known_at
     where excluded.known_at >= ${INSTRUMENTS}.known_at`,
    [
      data.instrumentId,
      data.companyId,
      data.exchange,
      data.segment,
      data.type,
      data.ticker,
      data.isin,
      data.name,
      data.series,
      data.faceValue,
      data.listingDate,
      data.status,
      knownAt,
    ],
  );
  await claimIdentifiers(tx, data.companyId, knownAt, [
    [data.exchange === 'NSE' ? 'nse' : 'bse', data.ticker],
    ['isin', data.isin],
  ]);
}

async function changeInstrumentStatus(tx: SqlExecutor, data: InstrumentStatusChanged): Promise<void> {
  await tx.query(
    `update ${INSTRUMENTS} set status = $2, status_date = $3, status_reason = $4 where instrument_id = $1`,
    [data.instrumentId, data.status, data.effectiveDate, data.reason],
  );
}

type CompanyEvent = StoredEvent<
  | { type: 'CompanyRegistered'; data: CompanyRegistered }
  | { type: 'CompanyUpdated'; data: CompanyUpdated }
  | { type: 'InstrumentListed'; data: InstrumentListed }
  | { type: 'InstrumentStatusChanged'; data: InstrumentStatusChanged }
>;

async function evolveOne(tx: SqlExecutor, event: CompanyEvent): Promise<void> {
  const knownAt = event.metadata.knownAt;
  switch (event.type) {
    case 'CompanyRegistered':
      return registerCompany(tx, event.data, knownAt);
    case 'CompanyUpdated':
      return updateCompany(tx, event.data, knownAt);
    case 'InstrumentListed':
      return listInstrument(tx, event.data, knownAt);
    case 'InstrumentStatusChanged':
      return changeInstrumentStatus(tx, event.data);
  }
}

const HANDLES = [
  'CompanyRegistered',
  'CompanyUpdated',
  'InstrumentListed',
  'InstrumentStatusChanged',
] as const satisfies readonly DomainEventType[];

/** Companies, their instruments and the identifiers that resolve to them. */
export const companiesProjection: Projection = {
  name: 'companies',
  version: 2,
  handles: HANDLES,
  tables: [COMPANIES, INSTRUMENTS, COMPANY_IDENTIFIERS],
  setup: createCompanyTables,
  async evolve(tx, events) {
    // Master data arrives in small numbers; one statement per event keeps this plain.
    for (const event of events) await evolveOne(tx, event as CompanyEvent);
  },
};
