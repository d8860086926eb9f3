import type { InstrumentListed } from '../../schemas/events/instrument.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import { claimIdentifiers } from './claim-identifiers.ts';
import { rounds } from './rounds.ts';
import { INSTRUMENTS } from './tables.ts';

export interface Listing {
  readonly data: InstrumentListed;
  readonly knownAt: string;
}

const COLUMNS = [
  ['instrument_id', 'uuid', (d: InstrumentListed) => d.instrumentId],
  ['company_id', 'uuid', (d: InstrumentListed) => d.companyId],
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

// A later listing of the same instrument (a renamed symbol, a new face value) updates it.
const UPSERT = `
  insert into ${INSTRUMENTS} (${COLUMNS.map(([name]) => name).join(', ')}, known_at)
  select * from unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}, $${COLUMNS.length + 1}::timestamptz[])
  on conflict (instrument_id) do update set
    ticker = excluded.ticker, name = excluded.name, series = coalesce(excluded.series, ${INSTRUMENTS}.series),
    face_value = coalesce(excluded.face_value, ${INSTRUMENTS}.face_value),
    listing_date = coalesce(${INSTRUMENTS}.listing_date, excluded.listing_date),
    status = excluded.status, known_at = excluded.known_at
  where excluded.known_at >= ${INSTRUMENTS}.known_at`;

export async function recordListings(tx: SqlExecutor, listings: readonly Listing[]): Promise<void> {
  for (const round of rounds(listings, (l) => l.data.instrumentId)) {
    await tx.query(UPSERT, [
      ...COLUMNS.map(([, , value]) => toPgArray(round.map((l) => value(l.data)))),
      toPgArray(round.map((l) => l.knownAt)),
    ]);
  }
  await claimIdentifiers(
    tx,
    listings.flatMap(({ data, knownAt }) => [
      { scheme: data.exchange === 'NSE' ? ('nse' as const) : ('bse' as const), value: data.ticker, companyId: data.companyId, knownAt },
      { scheme: 'isin' as const, value: data.isin, companyId: data.companyId, knownAt },
    ]),
  );
}
