import { instrumentIdOf, type CompanyLookup, type EventEmitter, type Problem } from '#ingest/shared/parser';
import type { FileEvents, ParseContext } from '#ingest/shared/parse-support';
import {
  instrumentTypeOf,
  listingOwnerOf,
  listingEvents,
  listingRowEvents,
  type RowEvents,
  pickOnePerKey,
} from '#ingest/shared/reference-data';
import type { NseMasterRow } from './read-master-row.ts';

const where = (row: NseMasterRow) => `line ${row.line} (${row.symbol})`;

function instrumentListing(row: NseMasterRow, companyId: string) {
  return {
    instrumentId: instrumentIdOf('NSE', row.isin ?? row.symbol),
    companyId,
    exchange: 'NSE',
    segment: 'CM',
    type: instrumentTypeOf(row.isin),
    ticker: row.symbol,
    isin: row.isin,
    name: row.name ?? '',
    series: row.series,
    faceValue: row.faceValue,
    listingDate: row.listingDate,
    status: 'listed',
  };
}

/** The events of one row: the company (for its equity share) and the NSE instrument. */
function rowEvents(row: NseMasterRow, issuers: ReadonlyMap<string, string>, emitter: EventEmitter, companies: CompanyLookup): RowEvents {
  const owner = listingOwnerOf(row.isin, issuers, () => companies.resolve({ nseSymbol: row.symbol }), row.symbol);
  const company = row.isin
    ? { isin: row.isin, name: row.name, nseSymbol: row.symbol, listingStatus: 'listed' as const, listingDate: row.listingDate }
    : null;
  return listingRowEvents(emitter, where(row), owner, company, (companyId) => ({
    data: instrumentListing(row, companyId),
    key: `NSE:${row.isin ?? row.symbol}`,
  }));
}

/**
 * The events of the whole list. One row speaks for each ISIN (series EQ preferred: NSE's
 * 2022 list repeats ION Exchange under BE, BT, EQ and IL); DVR shares and rights
 * entitlements attach to the company whose equity share has their issuer code.
 */
export function nseMasterEvents(rows: readonly NseMasterRow[], { emitter, input }: ParseContext): FileEvents {
  const { kept, displaced } = pickOnePerKey(
    rows,
    (row) => row.isin ?? `symbol:${row.symbol}`,
    (row) => (row.series === 'EQ' ? 0 : 1),
  );
  const problems: Problem[] = displaced.map(({ row, keptRow }) => ({
    where: where(row),
    message:
      `${row.isin ?? row.symbol} (series ${row.series ?? '-'}) repeats line ${keptRow.line} ` +
      `(series ${keptRow.series ?? '-'}), which is kept: one listing per ISIN`,
  }));
  return listingEvents(kept, problems, (row, issuers) => rowEvents(row, issuers, emitter, input.companies));
}
