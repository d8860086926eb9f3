import { beforeAll, expect, it } from 'vitest';
import { COMPANIES, LIST_DATES, PARSES } from '#projections/companies/tables';
import type { CompanyProfile } from '#schemas/read-models/company';
import type { SqlExecutor } from '#platform/db/db';
import { givenApi } from '../support/api-harness.ts';
import { TEST_DATABASES } from '../support/databases.ts';
import { identitySnapshot } from '../support/identity-snapshot.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';
import { NEWEST_ISINS, realPath } from '../support/real-corpus.ts';
import { describeWithSharedData } from '../support/shared-data.ts';

// One database kind is enough to show the order does not matter; the server when there is one.
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

/**
 * Every reference list of the shared corpus, none of which states its date, newest copy
 * first (by when each was taken, their SOURCES.md: June 2026, May 2025, March 2024 twice,
 * April 2022, May and March 2020, July 2015). Nothing here tells the service those dates.
 */
const NEWEST_FIRST = [
  'indices/ind_nifty50list.csv',
  'indices/ind_nifty500list.csv',
  'master/Equity.csv',
  'master/EQUITY_L.csv',
  'master/2022-04/EQUITY_L.csv',
  'indices/ind_nifty500list_2020-05.csv',
  'prices_daily/nifty50_2000_2020/stock_metadata.csv',
  'master/ListOfScrips.csv',
];

interface Envelope<T> {
  data: T;
}

/** Each list's day, its order among lists of that day and whether it was inferred, by file name. */
async function listDays(db: SqlExecutor) {
  const { rows } = await db.query<{ file: string; observed_on: string | null; rank: number; inferred: boolean }>(
    `select distinct p.file, d.observed_on::text as observed_on, d.rank, d.inferred
     from ${LIST_DATES} d join ${PARSES} p on p.document = d.document order by 1`,
  );
  return rows;
}

/** The master as a new user's run leaves it, without what only says when each file was received. */
async function masterWithoutReceipts(db: SqlExecutor) {
  const { companies, identifiers, listings, aliases, anchors, instruments } = await identitySnapshot(db);
  const dropReceipts = <T extends Record<string, unknown>>(row: T) => ({ ...row, known_at: undefined, updated_at: undefined });
  return {
    companies: companies.map(dropReceipts),
    identifiers: identifiers.map((row: Record<string, unknown>) => ({
      ...dropReceipts(row),
      sources: (row.sources as Array<Record<string, unknown>>).map(dropReceipts),
    })),
    listings,
    aliases,
    anchors,
    instruments,
  };
}

describeWithSharedData(`reference lists that state no date, ingested in one command as a new user does [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const newestFirst = givenApi(database, { ingest: false });
  const oldestFirst = givenIngestion(database);

  beforeAll(async () => {
    for (const [service, order] of [
      [newestFirst.service, NEWEST_FIRST],
      [oldestFirst, [...NEWEST_FIRST].reverse()],
    ] as const) {
      const summary = await service.ingest(order.map(realPath));
      expect(summary.rejections).toEqual([]);
      await service.harness.project();
    }
  }, 600_000);

  it('dates each list by what it contains: NSE masters by their newest listing date, the others by the ISINs they show replaced', async () => {
    const days = await listDays(newestFirst.service.harness.db);
    expect(days).toEqual([
      // SHAILY, listing on 04-APR-2022, less a week; the copy was taken by 3 April 2022.
      { file: 'EQUITY_L.csv', observed_on: '2022-03-28', rank: 1, inferred: true },
      // MEDIASSIST, listing on 23-JAN-2024, less a week.
      { file: 'EQUITY_L.csv', observed_on: '2024-01-16', rank: 1, inferred: true },
      // Dolphin Offshore INE920A01037 (face value 1) where the 2024 NSE master shows INE920A01029 (10).
      { file: 'Equity.csv', observed_on: '2024-01-16', rank: 2, inferred: true },
      // Nothing older than it shows an ISIN it replaced, nor a dated list an ISIN it has replaced.
      { file: 'ListOfScrips.csv', observed_on: null, rank: 0, inferred: false },
      // Dr. Reddy's INE089A01031 where Equity.csv shows INE089A01023.
      { file: 'ind_nifty500list.csv', observed_on: '2024-01-16', rank: 3, inferred: true },
      // Cadila Healthcare INE010B01027 where ListOfScrips.csv shows INE010B01019: after it, and undated like it.
      { file: 'ind_nifty500list_2020-05.csv', observed_on: null, rank: 1, inferred: false },
      // Kotak Mahindra Bank INE237A01036 where the 2025 NIFTY 500 shows INE237A01028.
      { file: 'ind_nifty50list.csv', observed_on: '2024-01-16', rank: 4, inferred: true },
      // JSW Steel INE019A01038 where ListOfScrips.csv shows INE019A01020.
      { file: 'stock_metadata.csv', observed_on: null, rank: 1, inferred: false },
    ]);
    expect(await listDays(oldestFirst.harness.db)).toEqual(days);
  });

  it('gives every company the equity ISIN of the newest list that names it, HDFC Bank INE040A01034', async () => {
    for (const service of [newestFirst.service, oldestFirst]) {
      const { rows } = await service.harness.db.query<{ nse_symbol: string; isin: string }>(
        `select nse_symbol, isin from ${COMPANIES} where nse_symbol = any($1::text[]) order by 1`,
        [Object.keys(NEWEST_ISINS)],
      );
      expect(Object.fromEntries(rows.map((row) => [row.nse_symbol, row.isin]))).toEqual(NEWEST_ISINS);
    }
    const [hdfc] = (await newestFirst.get('/v1/companies?q=HDFC%20Bank&limit=1')).json<Envelope<CompanyProfile[]>>().data;
    expect(hdfc).toMatchObject({ nse_symbol: 'HDFCBANK', isin: 'INE040A01034', bse_code: '500180' });
    const isins = hdfc?.identifiers.filter((i) => i.scheme === 'isin') ?? [];
    // INE040A01034 from the 2022 NSE master to the 2026 NIFTY 50; INE040A01026 only in the 2015 BSE list, which nothing dates.
    expect(isins.map((i) => [i.value, i.current, i.first_seen, i.last_seen])).toEqual([
      ['INE040A01034', true, '2022-03-28', '2024-01-16'],
      ['INE040A01026', false, null, null],
    ]);
    expect(isins[0]?.sources).toContainEqual(
      expect.objectContaining({
        file: 'Equity.csv',
        kind: 'bse-list',
        observed_on: '2024-01-16',
        observed_on_basis: 'inferred',
        known_at_basis: 'received',
      }),
    );
  });

  it("names BSE's companies as its 2024 list does, not its 2015 one: Ceinsys Tech, once ADCC Infocad", async () => {
    const { data } = (await newestFirst.get('/v1/companies?q=Ceinsys')).json<Envelope<CompanyProfile[]>>();
    // Equity.csv: 538734,CEINSYS TECH LIMITED,CEINSYSTECH,Ceinsys Tech Ltd,...,INE016Q01014; ListOfScrips.csv: 538734,ADCC,ADCC Infocad Ltd,...
    expect(data.map((c) => [c.name, c.bse_code, c.isin])).toEqual([['Ceinsys Tech Ltd', '538734', 'INE016Q01014']]);
    const search = await newestFirst.post('/v1/search', { query: 'Ceinsys', kinds: ['company'], limit: 3 });
    expect(search.json<Envelope<{ hits: Array<{ kind: string; name: string; bse_code: string }> }>>().data.hits).toEqual([
      expect.objectContaining({ kind: 'company', name: 'Ceinsys Tech Ltd', bse_code: '538734' }),
    ]);
  });

  it('comes out the same whichever order the lists arrive in', async () => {
    expect(await masterWithoutReceipts(oldestFirst.harness.db)).toEqual(await masterWithoutReceipts(newestFirst.service.harness.db));
  });
});
