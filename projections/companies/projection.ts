import type { DomainEventType } from '../../schemas/events/catalogue.ts';
import type { CompanyRegistered, CompanyUpdated } from '../../schemas/events/company.ts';
import type { InstrumentListed, InstrumentStatusChanged } from '../../schemas/events/instrument.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import type { StoredEvent } from '../../src/event-store/event-store.ts';
import type { Projection } from '../../src/projector/projection.ts';
import { claimIdentifiers } from './claim-identifiers.ts';
import { type Listing, recordListings } from './record-listings.ts';
import { type Registration, registerCompanies } from './register-companies.ts';
import { COMPANIES, COMPANY_IDENTIFIERS, createCompanyTables, INSTRUMENTS } from './tables.ts';

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

/**
 * An update changes an attribute unless a statement known later already set it, so
 * updates from several sources end up as their knowledge times order them.
 */
async function updateCompany(tx: SqlExecutor, data: CompanyUpdated, knownAt: string): Promise<void> {
  const changes = Object.entries(data.changes) as [keyof typeof COMPANY_COLUMNS, unknown][];
  // Column names come from the fixed map above; values are parameters.
  const assignments = changes.map(([field], i) => {
    const column = COMPANY_COLUMNS[field];
    return `${column} = case when $2 >= updated_at or ${column} is null then $${i + 3} else ${column} end`;
  });
  await tx.query(
    `update ${COMPANIES} set ${assignments.join(', ')}, updated_at = greatest(updated_at, $2)
     where company_id = $1`,
    [data.companyId, knownAt, ...changes.map(([, value]) => value)],
  );
  await claimIdentifiers(
    tx,
    (
      [
        ['nse', data.changes.nseSymbol],
        ['bse', data.changes.bseCode],
        ['isin', data.changes.isin],
        ['cin', data.changes.cin],
      ] as const
    ).map(([scheme, value]) => ({ scheme, value, companyId: data.companyId, knownAt })),
  );
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

/**
 * Registrations and listings of a batch are written a few statements at a time (master
 * lists bring thousands); updates and status changes, which are rare, follow one by one in
 * commit order. Registrations go first, so an update in the same batch finds its company.
 */
async function evolveBatch(tx: SqlExecutor, events: readonly CompanyEvent[]): Promise<void> {
  const registrations: Registration[] = [];
  const listings: Listing[] = [];
  for (const event of events) {
    if (event.type === 'CompanyRegistered') registrations.push({ data: event.data, knownAt: event.metadata.knownAt });
    if (event.type === 'InstrumentListed') listings.push({ data: event.data, knownAt: event.metadata.knownAt });
  }
  await registerCompanies(tx, registrations);
  await recordListings(tx, listings);
  for (const event of events) {
    if (event.type === 'CompanyUpdated') await updateCompany(tx, event.data, event.metadata.knownAt);
    if (event.type === 'InstrumentStatusChanged') await changeInstrumentStatus(tx, event.data);
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
  evolve: (tx, events) => evolveBatch(tx, events as readonly CompanyEvent[]),
};
