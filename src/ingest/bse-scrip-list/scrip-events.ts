import type { ListingStatus } from '../../../schemas/events/company.ts';
import { instrumentIdOf, type CompanyLookup } from '../company-lookup.ts';
import type { EventEmitter } from '../event-emitter.ts';
import type { Problem } from '../parser.ts';
import { instrumentTypeOf, listingOwnerOf } from '../reference-data/listing-owner.ts';
import { listingEvents, listingRowEvents, type RowEvents } from '../reference-data/listing-row-events.ts';
import { pickOnePerKey } from '../reference-data/pick-one-per-key.ts';
import type { BseScripRow } from './read-scrip-row.ts';

const where = (row: BseScripRow) => `line ${row.line} (${row.code})`;

const STATUS_RANK: Readonly<Record<ListingStatus, number>> = { listed: 0, suspended: 1, delisted: 2 };

/**
 * Rows of another instrument class (a full BSE download also lists debt and preference
 * shares) are not this list's business: only `Equity` and BSE's `-` (rights entitlements,
 * classified by their ISIN) are read.
 */
const isEquityListRow = (row: BseScripRow) => row.instrument === null || /^(equity|-)$/i.test(row.instrument);

function instrumentListing(row: BseScripRow, companyId: string) {
  return {
    instrumentId: instrumentIdOf('BSE', row.isin ?? row.code),
    companyId,
    exchange: 'BSE',
    segment: 'CM',
    type: instrumentTypeOf(row.isin),
    ticker: row.code,
    isin: row.isin,
    name: row.securityName ?? row.companyName ?? '',
    series: null,
    faceValue: row.faceValue,
    listingDate: null,
    status: row.status,
  };
}

function rowEvents(row: BseScripRow, issuers: ReadonlyMap<string, string>, emitter: EventEmitter, companies: CompanyLookup): RowEvents {
  const owner = listingOwnerOf(row.isin, issuers, () => companies.resolve({ bseCode: row.code }), `scrip code ${row.code}`);
  const company = row.isin
    ? { isin: row.isin, name: row.companyName, bseCode: row.code, sector: row.sector, industry: row.industry, listingStatus: row.status }
    : null;
  return listingRowEvents(emitter, where(row), owner, company, (companyId) => ({ data: instrumentListing(row, companyId), key: `BSE:${row.isin ?? row.code}` }));
}

/**
 * The events of a whole list. One row speaks for each ISIN, the most active one (the 2015
 * list has Bharat Rasayan as delisted 500050 and active 590021 under one ISIN).
 */
export function bseScripEvents(
  rows: readonly BseScripRow[],
  emitter: EventEmitter,
  companies: CompanyLookup,
): ReturnType<typeof listingEvents> {
  const { kept, displaced } = pickOnePerKey(
    rows.filter(isEquityListRow),
    (row) => row.isin ?? `code:${row.code}`,
    (row) => STATUS_RANK[row.status],
  );
  const problems: Problem[] = displaced.map(({ row, keptRow }) => ({
    where: where(row),
    message:
      `${row.isin ?? row.code} (${row.status}) is also scrip ${keptRow.code} on line ${keptRow.line} ` +
      `(${keptRow.status}), which is kept: one listing per ISIN`,
  }));
  return listingEvents(kept, problems, (row, issuers) => rowEvents(row, issuers, emitter, companies));
}
