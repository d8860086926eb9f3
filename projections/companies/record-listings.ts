import type { InstrumentListed } from '#schemas/events';
import { type SqlExecutor, toPgArray } from '#platform/db';
import { anchorOfIsin, bseAnchor } from '#domain/identity';
import { SPEAKING_PARSE } from './current-claims.ts';
import { ANCHORS, INSTRUMENT_LISTINGS, INSTRUMENTS, LIST_DATES, RECEIPTS } from './tables.ts';
import { arrayParams, columnArrays, columnList } from '#projections/shared';
import { keyedRows, withKeys } from './keyed-rows.ts';

/** One list's statement of an instrument (an `InstrumentListed` event). */
export interface Listing {
  readonly id: string;
  readonly data: InstrumentListed;
  readonly knownAt: string;
  readonly document: string | null;
  readonly parse: string | null;
}

/** Whose security an instrument is: the issuer of its ISIN, or a BSE scrip without one by its code. */
const anchorOfListing = (d: InstrumentListed): string | null =>
  d.isin ? anchorOfIsin(d.isin) : d.exchange === 'BSE' ? bseAnchor(d.ticker) : null;

const COLUMNS = [
  ['event_id', 'uuid', (l: Listing) => l.id],
  ['instrument_id', 'uuid', (l: Listing) => l.data.instrumentId],
  ['document', 'text', (l: Listing) => l.document],
  ['parse', 'uuid', (l: Listing) => l.parse],
  ['anchor', 'text', (l: Listing) => anchorOfListing(l.data)],
  ['exchange', 'text', (l: Listing) => l.data.exchange],
  ['segment', 'text', (l: Listing) => l.data.segment],
  ['type', 'text', (l: Listing) => l.data.type],
  ['ticker', 'text', (l: Listing) => l.data.ticker],
  ['isin', 'text', (l: Listing) => l.data.isin],
  ['name', 'text', (l: Listing) => l.data.name],
  ['series', 'text', (l: Listing) => l.data.series],
  ['face_value', 'numeric', (l: Listing) => l.data.faceValue],
  ['listing_date', 'date', (l: Listing) => l.data.listingDate],
  ['status', 'text', (l: Listing) => l.data.status],
  ['known_at', 'timestamptz', (l: Listing) => l.knownAt],
] as const;

/** Stores a batch's listings; `deriveInstruments` makes the instruments of them. */
export async function recordListings(tx: SqlExecutor, listings: readonly Listing[]): Promise<void> {
  if (listings.length === 0) return;
  await tx.query(
    `insert into ${INSTRUMENT_LISTINGS} (${columnList(COLUMNS)}) select * from unnest(${arrayParams(COLUMNS)}) on conflict do nothing`,
    columnArrays(COLUMNS, listings),
  );
}

// A listing's place in time, as claims have it (placeInTime in claim-view.ts): its list's day
// and rank among lists of that day; '' when nothing dates it (only received); else its day.
const PLACE_IN_TIME = `case
    when ld.document is not null then coalesce(ld.observed_on::text, '') || '#' || lpad(ld.rank::text, 6, '0')
    when r.received_at = l.known_at then '#000000'
    else to_char((l.known_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') || '#000000' end`;

/** The value of a column from the best-placed listing that states one, over `ranked`'s window. */
const firstStated = (column: string) =>
  `first_value(c.${column}) over (partition by c.instrument_id order by c.${column} is null, c.place desc, c.ticker desc, c.status desc, c.name desc) as first_${column}`;

/**
 * Makes the given instruments again from the listings that count (each document's latest
 * parse): the listing of the latest list speaks for the instrument (a renamed symbol, a new
 * status), by the lists' days and their order (list-dates.ts), never by arrival; ties go to
 * the greater ticker, status and name. Series, face value and listing date come from the
 * best-placed listing that states them. An instrument no listing counts for any more goes.
 */
export async function deriveInstruments(tx: SqlExecutor, instrumentIds: readonly string[]): Promise<void> {
  if (instrumentIds.length === 0) return;
  const ids = toPgArray(instrumentIds);
  await tx.query(
    `with counted as (
       select l.*, ${PLACE_IN_TIME} as place
       from ${keyedRows(INSTRUMENT_LISTINGS, 'instrument_id', '$1::uuid[]', 'l')}
       ${SPEAKING_PARSE('l.document')}
       left join ${LIST_DATES} ld on ld.document = l.document
       left join ${RECEIPTS} r on r.document = l.document
       where (cp.document is null or (cp.correlated and l.parse = cp.parse) or (not cp.correlated and l.parse is null))),
     ranked as (
       select c.*, row_number() over (partition by c.instrument_id order by c.place desc, c.ticker desc, c.status desc, c.name desc) as n,
              ${firstStated('series')}, ${firstStated('face_value')}, ${firstStated('listing_date')}
       from counted c)
     insert into ${INSTRUMENTS} (instrument_id, anchor, company_id, exchange, segment, type, ticker, isin, name, series, face_value,
                                 listing_date, status, known_at)
     select w.instrument_id, w.anchor, a.company_id, w.exchange, w.segment, w.type, w.ticker, w.isin, w.name,
            w.first_series, w.first_face_value, w.first_listing_date, w.status, w.known_at
     from ranked w left join ${ANCHORS} a on a.anchor = w.anchor
     where w.n = 1
     on conflict (instrument_id) do update set
       anchor = excluded.anchor, company_id = excluded.company_id, exchange = excluded.exchange, segment = excluded.segment,
       type = excluded.type, ticker = excluded.ticker, isin = excluded.isin, name = excluded.name, series = excluded.series,
       face_value = excluded.face_value, listing_date = excluded.listing_date, status = excluded.status, known_at = excluded.known_at`,
    [ids],
  );
  await tx.query(
    `delete from ${INSTRUMENTS} i where ${withKeys(INSTRUMENTS, 'i', 'instrument_id', '$1::uuid[]')}
     and not exists (
       select 1 from ${INSTRUMENT_LISTINGS} l ${SPEAKING_PARSE('l.document')}
       where l.instrument_id = i.instrument_id
         and (cp.document is null or (cp.correlated and l.parse = cp.parse) or (not cp.correlated and l.parse is null)))`,
    [ids],
  );
}

/** Points the instruments of the given anchors at their anchors' companies. */
export async function linkInstruments(tx: SqlExecutor, anchors: readonly string[]): Promise<void> {
  if (anchors.length === 0) return;
  await tx.query(
    `update ${INSTRUMENTS} i set company_id = a.company_id from ${ANCHORS} a
     where ${withKeys(INSTRUMENTS, 'i', 'anchor', '$1::text[]')} and i.anchor = a.anchor and i.company_id is distinct from a.company_id`,
    [toPgArray(anchors)],
  );
}
