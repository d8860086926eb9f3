import type { InstrumentListed } from '../../schemas/events/instrument.ts';
import type { SqlExecutor } from '../../src/platform/db/db.ts';
import { toPgArray } from '../../src/platform/db/pg-array.ts';
import { anchorOfIsin, bseAnchor } from '../../src/domain/identity/anchor.ts';
import { rounds } from './rounds.ts';
import { ANCHORS, INSTRUMENTS } from './tables.ts';
import { arrayParams, columnArrays, columnList } from '../shared/array-columns.ts';

export interface Listing {
  readonly data: InstrumentListed;
  readonly knownAt: string;
}

/** Whose security an instrument is: the issuer of its ISIN, or a BSE scrip without one by its code. */
const anchorOfListing = (d: InstrumentListed): string | null =>
  d.isin ? anchorOfIsin(d.isin) : d.exchange === 'BSE' ? bseAnchor(d.ticker) : null;

const COLUMNS = [
  ['instrument_id', 'uuid', (d: InstrumentListed) => d.instrumentId],
  ['anchor', 'text', anchorOfListing],
  ['exchange', 'text', (d: InstrumentListed) => d.exchange],
  ['segment', 'text', (d: InstrumentListed) => d.segment],
  ['type', 'text', (d: InstrumentListed) => d.type],
  ['ticker', 'text', (d: InstrumentListed) => d.ticker],
  ['isin', 'text', (d: InstrumentListed) => d.isin],
  ['name', 'text', (d: InstrumentListed) => d.name],
  ['series', 'text', (d: InstrumentListed) => d.series],
  ['face_value', 'numeric', (d: InstrumentListed) => d.faceValue],
  ['listing_date', 'date', (d: InstrumentListed) => d.listingDate],
  ['status', 'text', (d: InstrumentListed) => d.status],
] as const;

// The listing known latest speaks for the instrument (a renamed symbol, a new status);
// ties go to the greater ticker, so the result does not depend on the order of arrival.
const UPSERT = `
  insert into ${INSTRUMENTS} (${columnList(COLUMNS)}, known_at)
  select * from unnest(${arrayParams(COLUMNS)}, $${COLUMNS.length + 1}::timestamptz[])
  on conflict (instrument_id) do update set
    anchor = excluded.anchor, ticker = excluded.ticker, name = excluded.name,
    series = coalesce(excluded.series, ${INSTRUMENTS}.series),
    face_value = coalesce(excluded.face_value, ${INSTRUMENTS}.face_value),
    listing_date = coalesce(${INSTRUMENTS}.listing_date, excluded.listing_date),
    status = excluded.status, known_at = excluded.known_at
  where (excluded.known_at, excluded.ticker, excluded.status, excluded.name)
      > (${INSTRUMENTS}.known_at, ${INSTRUMENTS}.ticker, ${INSTRUMENTS}.status, ${INSTRUMENTS}.name)`;

/** Stores the instruments of a batch; their companies are set by `linkInstruments`. */
export async function recordListings(tx: SqlExecutor, listings: readonly Listing[]): Promise<void> {
  for (const round of rounds(listings, (l) => l.data.instrumentId)) {
    await tx.query(UPSERT, [
      ...columnArrays(
        COLUMNS,
        round.map((l) => l.data),
      ),
      toPgArray(round.map((l) => l.knownAt)),
    ]);
  }
}

/** Points the instruments of the given anchors at their anchors' companies. */
export async function linkInstruments(tx: SqlExecutor, anchors: readonly string[]): Promise<void> {
  if (anchors.length === 0) return;
  await tx.query(
    `update ${INSTRUMENTS} i set company_id = a.company_id from ${ANCHORS} a
     where i.anchor = a.anchor and a.anchor = any($1::text[]) and i.company_id is distinct from a.company_id`,
    [toPgArray(anchors)],
  );
}
