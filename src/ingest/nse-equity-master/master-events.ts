import type { DomainEvent } from '../../../schemas/events/catalogue.ts';
import type { NewEvent } from '../../event-store/event-store.ts';
import { instrumentIdOf, type CompanyLookup } from '../company-lookup.ts';
import type { EventEmitter } from '../event-emitter.ts';
import type { Problem } from '../parser.ts';
import { emitChecked } from '../parse-support/validate-event-data.ts';
import { companyRegistration } from '../reference-data/company-registration.ts';
import { buildIssuerIndex } from '../reference-data/issuer-index.ts';
import { instrumentTypeOf, listingOwnerOf } from '../reference-data/listing-owner.ts';
import { pickOnePerKey } from '../reference-data/pick-one-per-key.ts';
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
function rowEvents(
  row: NseMasterRow,
  issuers: ReadonlyMap<string, string>,
  emitter: EventEmitter,
  companies: CompanyLookup,
): { events: NewEvent<DomainEvent>[]; problem: Problem | null } {
  const owner = listingOwnerOf(row.isin, issuers, () => companies.resolve({ nseSymbol: row.symbol }), row.symbol);
  if (owner.kind === 'skip') {
    return { events: [], problem: owner.problem ? { where: where(row), message: owner.problem } : null };
  }
  const events: NewEvent<DomainEvent>[] = [];
  if (owner.kind === 'company' && row.isin) {
    const company = companyRegistration({
      isin: row.isin,
      name: row.name,
      nseSymbol: row.symbol,
      listingStatus: 'listed',
      listingDate: row.listingDate,
    });
    const registered = emitChecked(emitter, 'CompanyRegistered', company, row.isin);
    if (!registered.ok) return { events: [], problem: { where: where(row), message: registered.message } };
    events.push(registered.event);
  }
  const listing = instrumentListing(row, owner.companyId);
  const listed = emitChecked(emitter, 'InstrumentListed', listing, `NSE:${row.isin ?? row.symbol}`);
  if (!listed.ok) return { events: [], problem: { where: where(row), message: listed.message } };
  events.push(listed.event);
  return { events, problem: null };
}

/**
 * The events of the whole list. One row speaks for each ISIN (series EQ preferred: NSE's
 * 2022 list repeats ION Exchange under BE, BT, EQ and IL); DVR shares and rights
 * entitlements attach to the company whose equity share has their issuer code.
 */
export function nseMasterEvents(
  rows: readonly NseMasterRow[],
  emitter: EventEmitter,
  companies: CompanyLookup,
): { readonly events: readonly NewEvent<DomainEvent>[]; readonly problems: readonly Problem[] } {
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
  const issuers = buildIssuerIndex(kept.flatMap((row) => (row.isin ? [row.isin] : [])));
  const events: NewEvent<DomainEvent>[] = [];
  for (const row of kept) {
    const result = rowEvents(row, issuers, emitter, companies);
    events.push(...result.events);
    if (result.problem) problems.push(result.problem);
  }
  return { events, problems };
}
