import { expect, it } from 'vitest';
import { CorporateActionsResponseSchema } from '#schemas/api/corporate-actions';
import { PricesResponseSchema } from '#schemas/api/prices';
import { CandleSchema, QuoteSchema } from '#schemas/read-models/price';
import { errorKeys, givenApi } from '../support/api-harness.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { describeEachDatabase } from '../support/databases.ts';

const candlesOf = (body: unknown) => CandleSchema.array().parse((PricesResponseSchema.parse(body) as { data: unknown }).data);

describeEachDatabase('GET /v1/prices and /v1/corporate-actions on the sample', (database) => {
  const api = givenApi(database);

  it('GET /v1/prices returns daily candles oldest first, with source and known_at', async () => {
    const response = await api.get('/v1/prices?ticker=RELIANCE&start=2020-02-27&end=2020-02-27T23:59:59Z');
    expect(response.statusCode).toBe(200);
    // sample-data/prices/daily/RELIANCE.csv: 2020-02-27,RELIANCE,EQ,1392.0,1388.0,1393.8,1369.0,1380.45,1386.25,...,11454300,...
    expect(candlesOf(response.json())).toEqual([
      expect.objectContaining({
        ticker: 'RELIANCE',
        series: 'EQ',
        open: '1388.0',
        high: '1393.8',
        low: '1369.0',
        close: '1386.25',
        volume: '11454300',
      }),
    ]);
    const body = PricesResponseSchema.parse(response.json());
    expect(body.meta).toMatchObject({
      ticker: 'RELIANCE',
      exchange: 'NSE',
      tickers: ['RELIANCE'],
      company: { isin: 'INE002A01018' },
      dataset: 'prices',
    });
    // Without start, the newest `limit` candles, still oldest first; the bhavcopy of 6 Jan 2021 closes at 1914.25.
    const newest = candlesOf((await api.get('/v1/prices?ticker=NSE:RELIANCE&limit=2')).json());
    expect(newest.map((c) => c.close)).toEqual(['1328.65', '1914.25']);
    const byIsin = candlesOf((await api.get('/v1/prices?ticker=INE002A01018&limit=1')).json());
    expect(byIsin.map((c) => c.close)).toEqual(['1914.25']);
  });

  it('GET /v1/prices serves intraday intervals and the latest quote', async () => {
    const fiveMinutes = candlesOf((await api.get('/v1/prices?ticker=INFY&interval=5m&limit=5000')).json());
    expect(fiveMinutes.length).toBeGreaterThan(10);
    expect(fiveMinutes.every((c, i) => i === 0 || c.start > (fiveMinutes[i - 1]?.start ?? ''))).toBe(true);
    const quote = await api.get('/v1/prices?ticker=RELIANCE&latest=true');
    expect(quote.statusCode).toBe(200);
    const body = PricesResponseSchema.parse(quote.json());
    // cm06JAN2021bhav.csv: RELIANCE,EQ,...,CLOSE 1914.25,LAST 1915.5,PREVCLOSE 1966.1: -51.85, -2.6372...%.
    expect(QuoteSchema.parse(body.data)).toMatchObject({
      source: 'candle',
      last_price: '1914.25',
      previous_close: '1966.1',
      previous_close_source: 'stated',
      change: '-51.85',
      change_percent: '-2.64',
    });
    expect(body.meta).toMatchObject({ latest: true, as_of: null });
    // INFY's newest data is its last 5-minute bar, 28 Jun 2024 15:25 IST.
    const infy = QuoteSchema.parse(PricesResponseSchema.parse((await api.get('/v1/prices?ticker=INFY&latest=true')).json()).data);
    expect(infy).toMatchObject({ source: 'bar', interval: '5m', as_of: '2024-06-28T10:00:00.000Z', last_price: '1566.65' });
    // As of 1 Feb 2020 the daily history (a file of 2000-2020, known whole on 28 Feb 2020) gives 31 Jan's close,
    // known at that day's 15:30 IST: RELIANCE.csv 2020-01-31,...,Close 1411.65.
    const history = QuoteSchema.parse(
      PricesResponseSchema.parse((await api.get('/v1/prices?ticker=RELIANCE&latest=true&as_of=2020-02-01')).json()).data,
    );
    expect(history).toMatchObject({ last_price: '1411.65', as_of: '2020-01-31T10:00:00.000Z', known_at: '2020-01-31T10:00:00.000Z' });
    expect(history).toMatchObject({ source_file: 'RELIANCE.csv', source_url: null });
    const then = await api.get('/v1/prices?ticker=INFY&latest=true&as_of=2021-01-06T16:00:00%2B05:30');
    expect(PricesResponseSchema.parse(then.json()).data).toMatchObject({ source: 'candle', last_price: '1282.1', age_seconds: 1800 });
    expect(PricesResponseSchema.parse(then.json()).meta).toMatchObject({ as_of: '2021-01-06T16:00:00+05:30' });
  });

  it('GET /v1/prices serves INFY’s 2024 daily candles built from its 5-minute bars, marked derived, and candles as of an instant', async () => {
    const year = candlesOf((await api.get('/v1/prices?ticker=INFY&interval=1d&start=2024-01-01&end=2024-12-31&limit=500')).json());
    expect(year).toHaveLength(123);
    expect(year.every((c) => c.derived)).toBe(true);
    // INFY.csv, 28 Jun 2024: 75 bars from 09:15 (open 1572.55) to 15:25 (close 1566.65), high 1588.5, low 1564.25, 8173221 shares.
    expect(year.at(-1)).toMatchObject({
      start: '2024-06-28T03:45:00.000Z',
      open: '1572.55',
      high: '1588.5',
      low: '1564.25',
      close: '1566.65',
      volume: '8173221',
      value: null,
    });
    // RELIANCE's 27 Feb 2020 candle is knowable at 15:30 IST that day.
    const asOf = candlesOf((await api.get('/v1/prices?ticker=RELIANCE&limit=1&as_of=2020-02-27T15:30:00%2B05:30')).json());
    expect(asOf.map((c) => [c.start, c.known_at])).toEqual([['2020-02-27T03:45:00.000Z', '2020-02-27T10:00:00.000Z']]);
  });

  it('GET /v1/prices adjusts on request, listing the factors and the actions known, and refuses adjust with latest', async () => {
    // The sample's corporate actions (BSE splits of 2009-2015) hold none of RELIANCE: its prices stay as published.
    const response = await api.get('/v1/prices?ticker=RELIANCE&start=2020-02-27&end=2020-02-27T23:59:59Z&adjust=splits&as_of=2020-03-01');
    expect(response.statusCode).toBe(200);
    const body = PricesResponseSchema.parse(response.json());
    expect(candlesOf(body).map((c) => c.close)).toEqual(['1386.25']);
    expect(body.meta).toMatchObject({
      adjust: 'splits',
      as_of: '2020-03-01T00:00:00Z',
      adjustment: { mode: 'splits', method: 'backward', actions_known_at: '2020-03-01T00:00:00.000Z', factors: [], note: null },
    });
    const plain = PricesResponseSchema.parse((await api.get('/v1/prices?ticker=RELIANCE&limit=1')).json());
    expect(plain.meta).toMatchObject({ adjust: 'none', adjustment: null, as_of: null });
    expect(errorKeys(await api.get('/v1/prices?ticker=RELIANCE&adjust=dividends&as_of=yesterday'))).toEqual([
      'query.adjust:literal_error',
      'query.as_of:datetime_from_date_parsing',
    ]);
    expect(errorKeys(await api.get('/v1/prices?ticker=RELIANCE&latest=true&adjust=splits'))).toEqual(['query.adjust:value_error']);
  });

  it('GET /v1/prices answers an unknown ticker with 404 and validates its parameters', async () => {
    expect((await api.get('/v1/prices?ticker=NOSUCHTICKER')).statusCode).toBe(404);
    expect((await api.get('/v1/prices?ticker=NOSUCHTICKER&latest=true')).statusCode).toBe(404);
    expect((await api.get('/v1/prices?ticker=RELIANCE&limit=1')).statusCode).toBe(200);
    expect((await api.get('/v1/prices?ticker=RELIANCE&limit=5000')).statusCode).toBe(200);
    expect(
      errorKeys(await api.get(`/v1/prices?ticker=${'T'.repeat(65)}&exchange=NASDAQ-GS&interval=2h&limit=5001&latest=sometimes&start=x`)),
    ).toEqual([
      'query.exchange:string_too_long',
      'query.interval:literal_error',
      'query.latest:bool_parsing',
      'query.limit:less_than_equal',
      'query.start:datetime_from_date_parsing',
      'query.ticker:string_too_long',
    ]);
    expect(errorKeys(await api.get('/v1/prices?limit=0'))).toEqual(['query.limit:greater_than_equal', 'query.ticker:missing']);
    expect(errorKeys(await api.get('/v1/prices?ticker=RELIANCE&exchange=LSE'))).toEqual(['query.exchange:literal_error']);
  });

  it('GET /v1/corporate-actions lists actions newest ex-date first, by company, type and ex-date', async () => {
    const response = await api.get('/v1/corporate-actions?start=2011-07-14&end=2011-07-14');
    expect(response.statusCode).toBe(200);
    const body = CorporateActionsResponseSchema.parse(response.json());
    // Corporate_Actions.csv: 500180,HDFCBANK,14 Jul 2011,Stock  Split From Rs.10/- to Rs.2/-,16 Jul 2011,...
    // The file names the scrip by its code alone; the sample's BSE lists give 500180 to
    // HDFC Bank (INE040A01026 in 2015, INE040A01034 in 2024), none dated before the ex-date: its
    // ISIN now, and the name NSE's master gives it.
    expect(body.data.filter((a) => a.company.bse_code === '500180')).toEqual([
      expect.objectContaining({
        company_id: companyIdFromIsin('INE040A01034'),
        company_name: 'HDFC Bank Limited',
        company_isin: 'INE040A01034',
        company: { name: null, nse_symbol: null, bse_code: '500180', isin: null },
        action_type: 'stock_split',
        ex_date: '2011-07-14',
        record_date: '2011-07-16',
        face_value_from: '10',
        face_value_to: '2',
        // The export states no announcement time: public by the start of the ex-date in India.
        known_at: '2011-07-13T18:30:00.000Z',
        known_at_basis: 'implied',
        source_url: null,
        source_file: 'Corporate_Actions.csv',
      }),
    ]);
    const splits = CorporateActionsResponseSchema.parse(
      (await api.get('/v1/corporate-actions?type=stock_split&start=2011-01-01&end=2011-12-31&limit=200')).json(),
    );
    expect(splits.data.length).toBeGreaterThan(0);
    expect(splits.data.every((a) => a.ex_date !== null && a.ex_date >= '2011-01-01' && a.ex_date <= '2011-12-31')).toBe(true);
    const exDates = splits.data.map((a) => a.ex_date ?? '');
    expect(exDates).toEqual([...exDates].sort().reverse());
    const page = CorporateActionsResponseSchema.parse((await api.get('/v1/corporate-actions?limit=10&offset=10')).json());
    expect(page.meta).toMatchObject({ count: 10, limit: 10, offset: 10, dataset: 'corporate_actions' });
    expect(page.meta.total).toBe(472);
    expect(CorporateActionsResponseSchema.parse((await api.get('/v1/corporate-actions?type=dividend')).json()).data).toEqual([]);
  });

  it('GET /v1/corporate-actions takes limit 1..200 and validates its parameters', async () => {
    expect((await api.get('/v1/corporate-actions?limit=200')).statusCode).toBe(200);
    expect(errorKeys(await api.get('/v1/corporate-actions?limit=201&offset=-1&type=merger&start=2011-13-01&end=yesterday'))).toEqual([
      'query.end:date_from_datetime_parsing',
      'query.limit:less_than_equal',
      'query.offset:greater_than_equal',
      'query.start:date_from_datetime_parsing',
      'query.type:literal_error',
    ]);
    expect((await api.get('/v1/corporate-actions?ticker=NOSUCHCO')).statusCode).toBe(404);
  });
});
