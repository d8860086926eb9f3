import { beforeAll, expect, it } from 'vitest';
import { COMPANIES } from '#projections/companies/tables';
import { FACT_FILINGS, FACTS } from '#projections/facts/tables';
import { DOCUMENTS } from '#projections/filings/tables';
import { givenApi } from '../support/api-harness.ts';
import { TEST_DATABASES } from '../support/databases.ts';
import { NEWEST_ISINS, nseFilingsIndex, REAL_CORPUS_PATHS, realPath } from '../support/real-corpus.ts';
import { describeWithSharedData } from '../support/shared-data.ts';

// The whole corpus once, on the server when there is one (it is the faster of the two).
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

interface Envelope<T> {
  data: T;
  meta: { company?: { id: string }; count?: number };
}

describeWithSharedData(`the real corpus: master lists, filings, shareholding, corporate actions and prices [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const api = givenApi(database, { ingest: false });
  const summaries: Array<Awaited<ReturnType<typeof api.service.ingest>>> = [];

  beforeAll(async () => {
    summaries.push(await api.service.ingest(REAL_CORPUS_PATHS.map(realPath), { pollMs: 200 }));
    await api.service.harness.project();
  }, 900_000);

  const get = async <T>(url: string): Promise<Envelope<T>> => {
    const response = await api.get(url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json<Envelope<T>>();
  };
  const companyOf = async (ticker: string) =>
    (await get<unknown[]>(`/v1/financials?ticker=${encodeURIComponent(ticker)}&limit=1`)).meta.company?.id;

  it('parses every file, rejecting none; every one of the 3,520 XBRL filings and 71 listings', async () => {
    expect(summaries.flatMap((s) => s.rejections)).toEqual([]);
    expect(summaries.reduce((n, s) => n + s.failed, 0)).toBe(0);
    const { db } = api.service.harness;
    const statuses = await db.query<{ format: string; status: string; n: number }>(
      `select format, status, count(*)::int as n from ${DOCUMENTS} where format like 'nse-results-%' group by 1, 2 order by 1, 2`,
    );
    expect(statuses.rows).toEqual([
      { format: 'nse-results-listing', status: 'parsed', n: 71 },
      // Three filings were published twice under two names with the same bytes (ACC, BEL and
      // GAIL): stored once, as one document and one filing.
      { format: 'nse-results-xbrl', status: 'parsed', n: 3517 },
    ]);
    const { rows } = await db.query<{ filings: number; rows: number; facts: number }>(
      `select (select count(distinct filing_id)::int from ${FACTS}) as filings, (select count(*)::int from ${FACTS}) as facts,
              (select sum((data->>'rows')::int)::int from es_events where event_type = 'DocumentParsed' and data->>'format' = 'nse-results-xbrl') as rows`,
    );
    // Every fact read is a row of the facts table, and every filing has facts.
    expect(rows[0]).toEqual({ filings: 3517, facts: rows[0]?.rows, rows: rows[0]?.rows });
  });

  it("answers every symbol of the filings' index with all its filings' facts under one company, and its metrics", async () => {
    const { db } = api.service.harness;
    const index = nseFilingsIndex();
    expect(index).toHaveLength(71);
    const unreachable: string[] = [];
    for (const { symbol, files } of index) {
      const reply = await get<Array<{ period: { end: string } }>>(
        `/v1/financials?ticker=${encodeURIComponent(symbol)}&concept=ProfitAfterTax&limit=2000`,
      );
      const id = reply.meta.company?.id;
      // Every fact of every filing the symbol's listing names belongs to the company the symbol resolves to.
      const { rows } = await db.query<{ company_id: string; period_ends: string[] }>(
        `select f.company_id::text as company_id, array_agg(distinct f.period_end::text order by f.period_end::text) as period_ends
         from ${FACTS} f join ${FACT_FILINGS} ff using (filing_id)
         where regexp_replace(ff.source_file, '^\\d{2}[A-Za-z]{3}\\d{4}_\\d{4}_', '') = any($1::text[]) and f.concept = 'ProfitAfterTax'
         group by 1`,
        [[...files]],
      );
      if (rows.length !== 1 || rows[0]?.company_id !== id)
        unreachable.push(`${symbol}: ${rows.map((r) => r.company_id).join(', ')} vs ${id}`);
      expect(new Set(reply.data.map((f) => f.period.end)), symbol).toEqual(new Set(rows[0]?.period_ends));
      const metrics = await get<unknown[]>(`/v1/financial-metrics?ticker=${encodeURIComponent(symbol)}&period=annual`);
      expect(metrics.data.length, symbol).toBeGreaterThan(0);
    }
    expect(unreachable).toEqual([]);
  });

  it('gives each NSE symbol to one company record, and one listed company at most', async () => {
    const { rows } = await api.service.harness.db.query<{ nse_symbol: string }>(
      `select nse_symbol from ${COMPANIES} where nse_symbol is not null group by 1 having count(*) > 1`,
    );
    expect(rows).toEqual([]);
  });

  it("keeps HDFC Bank's facts of FY2019 and FY2024, its shareholding and its 2011 split under one id, whatever it is asked by", async () => {
    const id = await companyOf('HDFCBANK');
    for (const ticker of ['INE040A01018', 'INE040A01026', 'INE040A01034', 'BSE:500180', 'NSE:HDFCBANK'])
      expect(await companyOf(ticker), ticker).toBe(id);
    const years = new Set(
      (await get<Array<{ period: { fiscal_year: number } }>>('/v1/financials?ticker=HDFCBANK&period=annual&limit=2000')).data.map(
        (f) => f.period.fiscal_year,
      ),
    );
    expect(years.has(2019) && years.has(2024)).toBe(true);
    const holdings = await get<unknown[]>('/v1/shareholding?ticker=INE040A01018');
    expect(holdings.data.length).toBeGreaterThan(0);
    expect(holdings.meta.company?.id).toBe(id);
    const splits = await get<Array<{ ex_date: string; company_id: string; company_name: string; company_isin: string }>>(
      '/v1/corporate-actions?ticker=HDFCBANK&type=stock_split',
    );
    // BSE's export names it by scrip code 500180 alone; no list is given a date, so its ISIN is today's.
    expect(splits.data).toContainEqual(
      expect.objectContaining({ ex_date: '2011-07-14', company_id: id, company_name: 'HDFC Bank Limited', company_isin: 'INE040A01034' }),
    );
  });

  it("gives the companies the equity ISIN of the newest list, not their filings' (HDFC Bank INE040A01034, not INE040A01018)", async () => {
    const { rows } = await api.service.harness.db.query<{ nse_symbol: string; isin: string }>(
      `select nse_symbol, isin from ${COMPANIES} where nse_symbol = any($1::text[]) order by 1`,
      [Object.keys(NEWEST_ISINS)],
    );
    expect(Object.fromEntries(rows.map((row) => [row.nse_symbol, row.isin]))).toEqual(NEWEST_ISINS);
    const { data } = await get<Array<{ name: string; bse_code: string }>>('/v1/companies?q=Ceinsys');
    expect(data.map((c) => [c.name, c.bse_code])).toEqual([['Ceinsys Tech Ltd', '538734']]);
  });

  it("resolves BSE codes to companies and links BSE's corporate actions through them", async () => {
    expect(await companyOf('BSE:500410')).toBe(await companyOf('ACC'));
    const { rows } = await api.service.harness.db.query<{ linked: number; total: number }>(
      `select count(*) filter (where c.company_id is not null)::int as linked, count(*)::int as total
       from rm_corporate_actions_v3 a
       left join lateral (select company_id from rm_company_identifiers_v4 i where i.scheme = 'bse' and i.value = a.reported_bse_code limit 1) c on true
       where a.source = 'bse' and a.reported_bse_code is not null`,
    );
    // The codes left are scrips listed after the 2024 list (and one ETF): no list names them.
    expect((rows[0]?.total ?? 0) - (rows[0]?.linked ?? 0)).toBeLessThanOrEqual(9);
  });

  it("finds a company by a symbol it traded under before a rename, and that symbol's prices as its own", async () => {
    const axis = await companyOf('AXISBANK');
    expect(await companyOf('UTIBANK')).toBe(axis);
    const candles = await get<Array<{ ticker: string; start: string }>>(
      '/v1/prices?ticker=AXISBANK&start=2005-01-01&end=2005-01-31&limit=50',
    );
    expect(candles.data.length).toBeGreaterThan(15);
    expect(new Set(candles.data.map((c) => c.ticker))).toEqual(new Set(['UTIBANK']));
    const [company] = (
      await get<Array<{ identifiers: Array<{ scheme: string; value: string; linked_by: string }> }>>(`/v1/companies?q=Axis%20Bank&limit=5`)
    ).data;
    expect(company?.identifiers).toContainEqual(expect.objectContaining({ scheme: 'nse', value: 'UTIBANK', linked_by: 'symbol_change' }));
  });

  it("pairs growth by calendar across ACC's change of fiscal year: Oct–Dec 2023 against Oct–Dec 2022", async () => {
    interface MetricRow {
      metric: string;
      value: string | null;
      period: { start: string; end: string };
      inputs: Array<{ role: string; period: { start: string; end: string }; value: string }>;
    }
    const metrics = await get<MetricRow[]>('/v1/financial-metrics?ticker=ACC&period=quarterly&basis=standalone');
    const growth = metrics.data.find((m) => m.metric === 'Revenue_growth' && m.period.end === '2023-12-31');
    // Standalone revenue 49,183.4 cr (Oct–Dec 2023) against 45,369.7 cr (Oct–Dec 2022, filed as "FY2023 Q4");
    // by label it would be against Jul–Sep 2022 (39,873.4 cr): 0.233490.
    expect(growth?.value).toBe('0.084058');
    expect(growth?.inputs.map((i) => [i.role, i.period.start, i.period.end, i.value])).toEqual([
      ['current', '2023-10-01', '2023-12-31', '49183400000'],
      ['prior', '2022-10-01', '2022-12-31', '45369700000'],
    ]);
  });

  // nse_filings/xbrl: ACC's Q3 FY25 consolidated RevenueFromOperations (context OneD) is
  // 52,072,900,000 (₹5,207.29 crore) in INDAS_117817_1362652_28012025115046.xml, filed 28 January
  // 2025, and 59,273,800,000 (₹5,927.38 crore) in INDAS_118350_1367750_31012025064516.xml, the
  // restating filing of 31 January.
  it("answers the cross-section of Q3 FY25 consolidated revenue as known on a day: ACC's before and after its restatement, each company once", async () => {
    type Row = { company: { id: string; nse_symbol: string | null }; value: string; known_at: string; revision_number: number };
    const section = async (query: string) => {
      const rows: Row[] = [];
      let cursor: string | null = null;
      do {
        const body = (await get<Row[]>(
          `/v1/cross-section?concept=Revenue&fiscal_year=2025&fiscal_quarter=3&basis=consolidated&limit=25${query}${cursor ? `&cursor=${cursor}` : ''}`,
        )) as Envelope<Row[]> & { meta: { next_cursor: string | null } };
        rows.push(...body.data);
        cursor = body.meta.next_cursor;
      } while (cursor !== null);
      return rows;
    };
    const acc = (rows: Row[]) => rows.find((row) => row.company.nse_symbol === 'ACC');
    const before = await section('&as_of=2025-01-30');
    const after = await section('&as_of=2025-02-01');
    expect(acc(before)).toMatchObject({ value: '52072900000', revision_number: 0 });
    expect(acc(after)).toMatchObject({ value: '59273800000', revision_number: 1 });
    expect(acc(await section('&view=as_first_reported'))).toMatchObject({ value: '52072900000', revision_number: 0 });
    expect(acc(await section('&view=latest'))).toMatchObject({ value: '59273800000' });
    // Each company once, and a company that had not filed by then is absent, not zero.
    const now = await section('');
    expect(new Set(now.map((row) => row.company.id)).size).toBe(now.length);
    expect(now.length).toBeGreaterThan(50);
    // A company whose first release came after the day (ACC's restatement is not one: its first was before).
    const firstReleases = await section('&view=as_first_reported');
    expect(firstReleases.map((row) => row.company.id)).toEqual(now.map((row) => row.company.id));
    const filedLater = firstReleases.filter((row) => row.known_at > '2025-01-30T00:00:00Z').map((row) => row.company.id);
    expect(filedLater.length).toBeGreaterThan(0);
    expect(before.filter((row) => filedLater.includes(row.company.id))).toEqual([]);
    expect(before.every((row) => row.known_at <= '2025-01-30T00:00:00Z')).toBe(true);
    expect(before.length + filedLater.length).toBe(now.length);
  });
});
