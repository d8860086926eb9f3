import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BseScripCodeSchema, IsinSchema, NseSymbolSchema } from '#schemas/common/primitives';
import type { DomainEvent } from '#schemas/events/catalogue';
import { InstrumentListedSchema } from '#schemas/events/instrument';
import type { Database } from '#platform/db/db';
import type { NewEvent, StoredEvent } from '#platform/event-store/event-store';
import { quoteTables } from '#platform/projector/projection';
import { companyIdOfIsin } from '#domain/identity/anchor';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported, givenMetadata } from '../../test/support/builders.ts';
import { dumpProjection } from '../../test/support/clean-projection.ts';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { atRandomBoundaries, inBatchesOf, projectInBatches, seededRandom } from '../../test/support/project-in-batches.ts';
import { createCompaniesProjection } from './projection.ts';
import { CLAIMS } from './tables.ts';

interface Row {
  readonly name: string;
  readonly isin: string | null;
  readonly ticker: string;
  readonly listingDate?: string;
}

/**
 * A reference list as its parser writes it: each row registers the company and lists its
 * security, both events carrying the document and the parse; the outcome last. The store
 * keeps streams in name order, so a list's registrations come before all of its listings.
 */
function givenList(format: string, exchange: 'NSE' | 'BSE', knownAt: string, rows: readonly Row[]): NewEvent<DomainEvent>[] {
  const document = randomUUID().replaceAll('-', '').padEnd(64, '0');
  const parse = randomUUID();
  const source = exchange === 'NSE' ? 'nse' : 'bse';
  const metadata = (from: string) =>
    givenMetadata({ knownAt, source: from, sourceSha256: document, sourceFile: `${format}.csv`, correlationId: parse });
  const registrations = rows.flatMap((row): NewEvent<DomainEvent>[] =>
    row.isin === null
      ? []
      : [
          {
            ...givenCompanyRegistered({
              name: row.name,
              isin: IsinSchema.parse(row.isin),
              ...(exchange === 'NSE'
                ? { nseSymbol: NseSymbolSchema.parse(row.ticker) }
                : { bseCode: BseScripCodeSchema.parse(row.ticker) }),
              listingDate: row.listingDate ?? null,
            }),
            metadata: metadata(source),
          },
        ],
  );
  const listings = rows.map((row): NewEvent<DomainEvent> => ({
    id: randomUUID(),
    type: 'InstrumentListed',
    data: InstrumentListedSchema.parse({
      instrumentId: randomUUID(),
      companyId: (row.isin && companyIdOfIsin(row.isin)) ?? randomUUID(),
      exchange,
      segment: 'CM',
      type: 'equity',
      ticker: row.ticker,
      isin: row.isin,
      name: row.name,
      series: exchange === 'NSE' ? 'EQ' : null,
      faceValue: '10.00',
      listingDate: row.listingDate ?? null,
      status: 'listed',
    }),
    metadata: metadata(source),
  }));
  const outcome: NewEvent<DomainEvent> = {
    id: parse,
    type: 'DocumentParsed',
    data: { documentId: document, format, parserVersion: 1, rows: rows.length, events: rows.length * 2, problems: [], problemCount: 0 },
    metadata: metadata('ingest'),
  };
  return [...registrations, ...listings, outcome];
}

/** As read back from the store: in append order, with positions. */
const stored = (events: readonly NewEvent<DomainEvent>[]): StoredEvent<DomainEvent>[] =>
  events.map((event, i) => ({
    ...event,
    streamId: `test-${event.id}`,
    streamVersion: 1,
    position: i + 1,
    schemaVersion: 1,
    metadata: { ...event.metadata, recordedAt: '2026-01-01T00:00:00.000Z' },
  }));

/** Lists of both exchanges a year apart, a scrip without an ISIN, and a filing of one of the companies. */
const EVENTS = stored([
  ...givenList('nse-equity-master', 'NSE', '2022-04-03T00:00:00.000Z', [
    { name: 'Alpha Industries Limited', isin: 'INE101A01018', ticker: 'ALPHA', listingDate: '1996-05-02' },
    { name: 'Beta Finance Limited', isin: 'INE202B01012', ticker: 'BETAFIN', listingDate: '2004-11-19' },
    { name: 'Gamma Power Limited', isin: 'INE303C01016', ticker: 'GAMMAPWR' },
  ]),
  ...givenList('bse-scrip-list', 'BSE', '2023-03-10T00:00:00.000Z', [
    { name: 'ALPHA INDUSTRIES LTD.', isin: 'INE101A01018', ticker: '500101' },
    { name: 'BETA FINANCE LTD.', isin: 'INE202B01020', ticker: '532202' },
    { name: 'OLD DELTA MILLS LTD.', isin: null, ticker: '501404' },
  ]),
  givenFinancialsReported({
    companyId: companyIdOfIsin('INE101A01018') as string,
    knownAt: '2023-05-20T12:00:00.000Z',
    facts: [givenFact('Revenue', '1000', annualPeriod(2023))],
  }),
  ...givenList('nse-equity-master', 'NSE', '2024-04-01T00:00:00.000Z', [
    { name: 'Alpha Industries Limited', isin: 'INE101A01018', ticker: 'ALPHA', listingDate: '1996-05-02' },
    { name: 'Beta Finance Limited', isin: 'INE202B01020', ticker: 'BETA', listingDate: '2004-11-19' },
  ]),
]);

/**
 * The companies tables are a function of the event sequence alone: projected in one batch,
 * cut at any boundary, in batches of random sizes, or with batches applied a second time (a
 * commit whose checkpoint was lost), every row of every table comes out the same.
 */
describeEachDatabase('companies: the same tables whatever the batch boundaries', (database) => {
  let db: Database;
  // Slices smaller than a list, so that large work is finished over several transactions too.
  const projection = createCompaniesProjection({ anchors: 2, instruments: 3 });
  const build = async (batches: ReadonlyArray<readonly StoredEvent<DomainEvent>[]>, options: { join?: boolean } = {}) => {
    await db.query(`drop table if exists ${quoteTables(projection.tables)}`);
    await projectInBatches(db, projection, batches, options);
    return dumpProjection(db, projection);
  };
  let once: Record<string, string[]>;

  beforeAll(async () => {
    db = await database.open();
    once = await build([EVENTS]);
  });
  afterAll(() => db?.close());

  it("keeps no listing's claim that its row's registration states too, and the listing claims of a scrip without one", async () => {
    await build(inBatchesOf(EVENTS, 1));
    const { rows } = await db.query<{ restated: number; listed: number }>(
      `select count(*) filter (where exists (
           select 1 from ${CLAIMS} r where r.event_type = 'CompanyRegistered'
             and (r.anchor, r.scheme, r.value, r.document) = (l.anchor, l.scheme, l.value, l.document)))::int as restated,
         count(*)::int as listed
       from ${CLAIMS} l where l.event_type = 'InstrumentListed'`,
    );
    expect(rows).toEqual([{ restated: 0, listed: 3 }]);
  });

  it('comes out the same cut at every boundary, and at each boundary alone', async () => {
    expect(await build(inBatchesOf(EVENTS, 1))).toEqual(once);
    for (let cut = 1; cut < EVENTS.length; cut++) {
      expect(await build([EVENTS.slice(0, cut), EVENTS.slice(cut)]), `cut after event ${cut}`).toEqual(once);
    }
  });

  it('comes out the same in batches of random sizes', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(await build(atRandomBoundaries(EVENTS, 6, seededRandom(seed))), `seed ${seed}`).toEqual(once);
    }
  });

  it('comes out the same when later batches join the work an earlier one left', async () => {
    for (const size of [1, 3]) {
      expect(await build(inBatchesOf(EVENTS, size), { join: true }), `batches of ${size}`).toEqual(once);
    }
  });

  it('comes out the same when a batch already applied is applied again', async () => {
    for (const size of [1, 4, EVENTS.length]) {
      const twice = inBatchesOf(EVENTS, size).flatMap((batch) => [batch, batch]);
      expect(await build(twice), `batches of ${size}, each twice`).toEqual(once);
    }
  });
});
