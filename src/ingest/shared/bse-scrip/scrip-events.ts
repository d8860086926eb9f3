import type { ListingStatus, DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { bseAnchor, companyIdOfAnchor } from '#domain/identity';
import { instrumentIdOf, type EventEmitter, type Problem } from '#ingest/shared/parser';
import { type FileEvents, type ParseContext, emitChecked } from '#ingest/shared/parse-support';
import {
  buildIssuerIndex,
  instrumentTypeOf,
  type ListingOwner,
  listingOwnerOf,
  listingEvents,
  listingRowEvents,
  type RowEvents,
  type Displaced,
  pickOnePerKey,
} from '#ingest/shared/reference-data';
import type { BseScripRow } from './bse-scrip-row.ts';

const where = (row: BseScripRow) => `${row.position} (${row.code})`;

const STATUS_RANK: Readonly<Record<ListingStatus, number>> = { listed: 0, suspended: 1, delisted: 2 };

/**
 * Rows of another instrument class (a full BSE download also lists debt and preference
 * shares) are not this list's business: only `Equity` and BSE's `-` (rights entitlements,
 * classified by their ISIN) are read.
 */
const isEquityListRow = (row: BseScripRow) => row.instrument === null || /^(equity|-)$/i.test(row.instrument);

function instrumentListing(row: BseScripRow, companyId: string, instrumentKey = row.isin ?? row.code) {
  return {
    instrumentId: instrumentIdOf('BSE', instrumentKey),
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

/**
 * A scrip with no ISIN in any list (BSE's 2015 list has 2,005, mostly delisted) is still a
 * company BSE listed: it is registered on its scrip code (src/domain/identity/anchor.ts) until a
 * list ties the code to an ISIN, so the universe of its day keeps it.
 */
const ownerOf = (row: BseScripRow, issuers: ReadonlyMap<string, string>): ListingOwner =>
  row.isin
    ? listingOwnerOf(row.isin, issuers, () => null, `scrip code ${row.code}`)
    : { kind: 'company', companyId: companyIdOfAnchor(bseAnchor(row.code)) };

function rowEvents(row: BseScripRow, issuers: ReadonlyMap<string, string>, emitter: EventEmitter): RowEvents {
  const owner = ownerOf(row, issuers);
  const company = {
    isin: row.isin,
    name: row.companyName,
    bseCode: row.code,
    sector: row.sector,
    industry: row.industry,
    listingStatus: row.status,
  };
  return listingRowEvents(emitter, where(row), owner, company, (companyId) => ({
    data: instrumentListing(row, companyId),
    key: `BSE:${row.isin ?? row.code}`,
  }));
}

/**
 * The other scrip codes of an ISIN (the 2015 list has Reliance's delisted 532611 beside
 * 500325): each is the company's BSE instrument too, so a record naming the old code finds
 * the company. Listed under its code, as an instrument only.
 */
function otherCodeEvents(
  displaced: readonly Displaced<BseScripRow>[],
  issuers: ReadonlyMap<string, string>,
  emitter: EventEmitter,
): NewEvent<DomainEvent>[] {
  return displaced.flatMap(({ row, keptRow }) => {
    if (row.code === keptRow.code) return [];
    const owner = ownerOf(keptRow, issuers);
    if (owner.kind === 'skip') return [];
    const listed = emitChecked(emitter, 'InstrumentListed', instrumentListing(row, owner.companyId, row.code), `BSE:${row.code}`);
    return listed.ok ? [listed.event] : [];
  });
}

/**
 * The events of a whole list (BSE's CSV download or its API's JSON). One row speaks for each ISIN's company, the most active one
 * (the 2015 list has Bharat Rasayan as delisted 500050 and active 590021 under one ISIN);
 * every code is listed as an instrument.
 */
export function bseScripEvents(rows: readonly BseScripRow[], { emitter }: ParseContext): FileEvents {
  const { kept, displaced } = pickOnePerKey(
    rows.filter(isEquityListRow),
    (row) => row.isin ?? `code:${row.code}`,
    (row) => STATUS_RANK[row.status],
  );
  const problems: Problem[] = displaced
    .filter(({ row, keptRow }) => row.code === keptRow.code)
    .map(({ row, keptRow }) => ({ where: where(row), message: `scrip ${row.code} repeats ${keptRow.position}, which is kept` }));
  const listed = listingEvents(kept, problems, (row, issuers) => rowEvents(row, issuers, emitter));
  const issuers = buildIssuerIndex(kept.flatMap((row) => (row.isin ? [row.isin] : [])));
  return { events: [...listed.events, ...otherCodeEvents(displaced, issuers, emitter)], problems: listed.problems };
}
