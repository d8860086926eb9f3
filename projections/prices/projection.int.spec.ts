import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CandleSchema, QuoteSchema } from '#schemas/read-models/price';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { rebuildProjection } from '#platform/projector/rebuild';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../test/support/parse-input.ts';
import { RELIANCE_6_JAN_2021_QUOTE } from '../../test/support/price-samples.ts';
import { getLatestQuote, latestCloseSql, listCandles, pricesDatasetStats } from './queries.ts';
import { pricesProjection } from './projection.ts';
import { CANDLES, DAILY_FROM_BARS, LATEST_CANDLES, QUOTES } from './tables.ts';

const sample = (file: string) => path.join(REPO_ROOT, 'sample-data', file);
const BHAVCOPY = sample('prices/cm06JAN2021bhav.csv');
const RELIANCE_DAILY = sample('prices/daily/RELIANCE.csv');
const INFY_INTRADAY = sample('prices/intraday/INFY.csv');
const ONE_MINUTE = path.join(REPO_ROOT, 'fixtures/nse-intraday-bars/constructed-1m.csv');
const INFY_POLLS = path.join(REPO_ROOT, 'fixtures/nse-quote-snapshot/INFY.csv');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** NSE's getQuote response (fixture) rewritten as a TCS quote taken on 7 Jan 2021 at 11:00 IST. */
function tcsQuote() {
  const json = readFileSync(path.join(REPO_ROOT, 'fixtures/nse-quote-snapshot/getquote-INFY-constructed.json'), 'utf8')
    .replace('"symbol":"INFY"', '"symbol":"TCS"')
    .replace('"isinCode":"INE009A01021"', '"isinCode":"INE467B01029"')
    .replace('29-NOV-2019 15:30:00', '07-JAN-2021 11:00:00')
    .replace('"tradedDate":"29NOV2019"', '"tradedDate":"07JAN2021"');
  return inputFromBytes('getquote-TCS-constructed.json', 'test', new TextEncoder().encode(json));
}

const NSE = 'NSE' as const;

describeEachDatabase('prices read model from the sample files', (database) => {
  const service = givenIngestion(database);
  const count = async (ticker: string, interval: string) => {
    const { rows } = await service.harness.db.query<{ n: number }>(
      `select count(*)::int8 as n from ${CANDLES} where exchange = 'NSE' and ticker = $1 and interval = $2`,
      [ticker, interval],
    );
    return rows[0]?.n;
  };

  beforeAll(async () => {
    const files = await service.ingest([sample('master/EQUITY_L.csv'), BHAVCOPY, RELIANCE_DAILY, INFY_INTRADAY, ONE_MINUTE, INFY_POLLS]);
    expect(files).toMatchObject({ parsed: 6, rejected: 0, failed: 0 });
    await service.ingest([tcsQuote()]);
    await service.harness.project();
  }, 240_000);

  it('holds every candle of every file once per security, series, interval and start', async () => {
    expect(await count('RELIANCE', '1d')).toBe(5017 + 1); // the daily history (three repeated rows dropped) and the bhavcopy
    expect(await count('INFY', '5m')).toBe(18354);
    expect(await count('INFY', '15m')).toBe(6118);
    expect(await count('INFY', '1h')).toBe(1715);
    expect(await count('INFY', '1d')).toBe(1);
    expect(await count('CONSTRUCTED-1M', '1m')).toBe(33);
    const { rows } = await service.harness.db.query(
      `select count(*)::int8 as n from ${CANDLES} where interval = '1d' and start = '2021-01-06T03:45:00Z'`,
    );
    expect(rows[0]).toEqual({ n: 2057 });
  });

  it('returns a daily candle exactly as the file states it, with its provenance', async () => {
    // RELIANCE.csv: 2020-02-27,RELIANCE,EQ,1392.0,1388.0,1393.8,1369.0,1380.45,1386.25,1381.33,11454300,1582217575220000.0,240043.0,...
    const candles = await listCandles(service.harness.db, {
      exchange: NSE,
      tickers: ['RELIANCE'],
      interval: '1d',
      start: '2020-02-27T00:00:00Z',
      end: '2020-02-27T23:59:59Z',
      limit: 10,
    });
    expect(candles).toEqual([
      {
        exchange: 'NSE',
        ticker: 'RELIANCE',
        series: 'EQ',
        isin: null,
        interval: '1d',
        start: '2020-02-27T03:45:00.000Z',
        open: '1388.0',
        high: '1393.8',
        low: '1369.0',
        close: '1386.25',
        volume: '11454300',
        value: '15822175752.2', // the file's rupees x 10^5, shifted back exactly
        trades: 240043,
        previous_close: '1392.0', // the file's Prev Close
        derived: false,
        known_at: '2020-02-27T10:00:00.000Z', // 15:30 IST of its own day, though the file runs to 28 Feb
        recorded_at: expect.any(String),
        source_url: null,
        source_file: 'RELIANCE.csv',
        source_document: sha256(RELIANCE_DAILY),
      },
    ]);
    expect(CandleSchema.array().parse(candles)).toEqual(candles);
  });

  it('without start returns the newest candles up to end, oldest first; with start the first ones from it', async () => {
    const db = service.harness.db;
    const base = { exchange: NSE, tickers: ['reliance'], interval: '1d' as const };
    // The newest three span both files: the daily history ends 2020-02-28, the bhavcopy is 2021-01-06.
    const newest = await listCandles(db, { ...base, limit: 3 });
    expect(newest.map((c) => [c.start.slice(0, 10), c.close, c.isin])).toEqual([
      ['2020-02-27', '1386.25', null],
      ['2020-02-28', '1328.65', null],
      ['2021-01-06', '1914.25', 'INE002A01018'],
    ]);
    expect(newest[2]).toMatchObject({
      open: '1965.9',
      high: '1966',
      low: '1905.15',
      volume: '21414270',
      value: '41290368153.15',
      trades: 659284,
    });
    const upToEnd = await listCandles(db, { ...base, end: '2020-02-27T23:59:59Z', limit: 2 });
    expect(upToEnd.map((c) => [c.start.slice(0, 10), c.close])).toEqual([
      ['2020-02-26', '1392.0'],
      ['2020-02-27', '1386.25'],
    ]);
    const fromStart = await listCandles(db, { ...base, start: '2000-01-01T00:00:00Z', limit: 2 });
    expect(fromStart.map((c) => [c.start.slice(0, 10), c.close])).toEqual([
      ['2000-01-03', '251.7'],
      ['2000-01-04', '271.85'],
    ]);
    const window = await listCandles(db, { ...base, start: '2020-02-26T00:00:00Z', end: '2021-12-31T00:00:00Z', limit: 500 });
    expect(window).toHaveLength(4);
    expect(await listCandles(db, { ...base, tickers: ['NOSUCH'], limit: 5 })).toEqual([]);
  });

  it('finds a security by ISIN, including files that state only its symbol', async () => {
    const byIsin = await listCandles(service.harness.db, { exchange: NSE, tickers: [], isin: 'INE002A01018', interval: '1d', limit: 3 });
    expect(byIsin.map((c) => c.close)).toEqual(['1386.25', '1328.65', '1914.25']);
  });

  it('returns a share by its symbol, never the bonds listed under the same symbol, unless asked by series', async () => {
    // cm06JAN2021bhav.csv: BRITANNIA,EQ,...,3539.7,...  and  BRITANNIA,N2,...,32.04,...
    const db = service.harness.db;
    const base = { exchange: NSE, tickers: ['BRITANNIA'], interval: '1d' as const, limit: 10 };
    expect((await listCandles(db, base)).map((c) => [c.series, c.close])).toEqual([['EQ', '3539.7']]);
    expect((await listCandles(db, { ...base, series: 'N2' })).map((c) => [c.series, c.close, c.isin])).toEqual([
      ['N2', '32.04', 'INE216A07052'],
    ]);
  });

  it('serves 5-minute bars and the longer intervals built from them, and 1-minute bars', async () => {
    const db = service.harness.db;
    const first = (interval: '1m' | '5m' | '15m' | '1h', ticker = 'INFY') =>
      listCandles(db, { exchange: NSE, tickers: [ticker], interval, start: '2000-01-01T00:00:00Z', limit: 3 });
    // INFY.csv: 2023-07-03 09:15:00+05:30,1330.0,1345.25,1330.0,1341.2,636703 and the next two bars.
    expect((await first('5m')).map((c) => [c.start, c.open, c.high, c.low, c.close, c.volume])).toEqual([
      ['2023-07-03T03:45:00.000Z', '1330.0', '1345.25', '1330.0', '1341.2', '636703'],
      ['2023-07-03T03:50:00.000Z', '1341.85', '1345.0', '1340.25', '1344.3', '357478'],
      ['2023-07-03T03:55:00.000Z', '1344.5', '1345.0', '1340.5', '1340.9', '260242'],
    ]);
    // 09:15-09:30: the three bars above; volume 636703 + 357478 + 260242.
    expect((await first('15m'))[0]).toMatchObject({
      open: '1330.0',
      high: '1345.25',
      low: '1330.0',
      close: '1340.9',
      volume: '1254423',
      series: null,
    });
    expect((await first('1h'))[0]).toMatchObject({ start: '2023-07-03T03:45:00.000Z', close: '1336.0', volume: '2392592' });
    const [last] = await listCandles(db, { exchange: NSE, tickers: ['INFY'], interval: '5m', limit: 1 });
    expect(last).toMatchObject({
      start: '2024-06-28T09:55:00.000Z',
      close: '1566.65',
      volume: '195900',
      known_at: '2024-06-28T10:00:00.000Z',
    });
    expect((await first('1m', 'CONSTRUCTED-1M'))[0]).toMatchObject({
      start: '2024-01-01T03:45:00.000Z',
      open: '1500.00',
      high: '1502.50',
      low: '1498.75',
      close: '1501.00',
      volume: '100',
    });
  });

  const NOW = '2026-01-01T00:00:00.000Z';

  it('quotes the newest daily close against the previous close its file states', async () => {
    const db = service.harness.db;
    expect(await getLatestQuote(db, { exchange: NSE, tickers: ['RELIANCE'], now: NOW })).toMatchObject({
      ...RELIANCE_6_JAN_2021_QUOTE,
      ticker: 'RELIANCE',
      isin: 'INE002A01018',
      age_seconds: (Date.parse(NOW) - Date.parse('2021-01-06T10:00:00.000Z')) / 1000,
      source_document: sha256(BHAVCOPY),
    });
    expect(await getLatestQuote(db, { exchange: NSE, tickers: ['NOSUCH'], now: NOW })).toBeUndefined();
  });

  it('quotes the newest data of any interval: INFY’s last 5-minute bar, against the day before built from its bars', async () => {
    // INFY.csv ends with 2024-06-28 15:25:00+05:30,1566.75,1567.3,1564.25,1566.65,195900, newer than its 2021 bhavcopy
    // candle and its 2019 snapshots. The day so far: 75 bars from 1572.55 (09:15), high 1588.5, low 1564.25, volume 8173221.
    // 27 June: no daily file, so its close is its last bar's (15:25, 1570.0); 1566.65 - 1570.0 = -3.35 (-0.2134%).
    const quote = await getLatestQuote(service.harness.db, { exchange: NSE, tickers: [], isin: 'INE009A01021', now: NOW });
    expect(QuoteSchema.parse(quote)).toEqual(quote);
    expect(quote).toMatchObject({
      source: 'bar',
      interval: '5m',
      ticker: 'INFY',
      as_of: '2024-06-28T10:00:00.000Z', // the 15:25 IST bar's end
      age_seconds: (Date.parse(NOW) - Date.parse('2024-06-28T10:00:00.000Z')) / 1000,
      last_price: '1566.65',
      open: '1572.55',
      high: '1588.5',
      low: '1564.25',
      volume: '8173221',
      value: null,
      previous_close: '1570.0',
      previous_close_source: 'derived_candle',
      previous_close_at: '2024-06-27T03:45:00.000Z',
      previous_close_gap_weekdays: 0,
      change: '-3.35',
      change_percent: '-0.21',
      source_document: sha256(INFY_INTRADAY),
    });
  });

  it('quotes as of an instant: only what was knowable then', async () => {
    const db = service.harness.db;
    // 28 June 2024 at 11:00 IST: the 10:55 bar is the newest that had ended.
    const during = await getLatestQuote(db, { exchange: NSE, tickers: ['INFY'], asOf: '2024-06-28T05:30:00.000Z', now: NOW });
    expect(during).toMatchObject({
      source: 'bar',
      as_of: '2024-06-28T05:30:00.000Z',
      known_at: '2024-06-28T05:30:00.000Z', // the bar's end, not the file's last bar (15:30 IST)
      age_seconds: 0,
      open: '1572.55',
      previous_close: '1570.0',
    });
    // Before the 2021 bhavcopy's close, RELIANCE's last price is the daily history's last day, against its stated Prev Close.
    // RELIANCE.csv: 2020-02-28,RELIANCE,EQ,1386.25,1354.9,1357.0,1325.0,1327.0,1328.65,...
    const before = await getLatestQuote(db, { exchange: NSE, tickers: ['RELIANCE'], asOf: '2021-01-06T09:59:59.000Z', now: NOW });
    expect(before).toMatchObject({
      source: 'candle',
      last_price: '1328.65',
      previous_close: '1386.25',
      previous_close_source: 'stated',
      change: '-57.6',
    });
    // As of 1 Feb 2020 00:00 UTC, the daily history (known as a file only at 28 Feb) gives 31 Jan's close, known at its own close:
    // RELIANCE.csv: 2020-01-31,RELIANCE,EQ,1443.75,1453.0,1453.25,1407.2,1410.0,1411.65,...
    expect(await getLatestQuote(db, { exchange: NSE, tickers: ['RELIANCE'], asOf: '2020-02-01T00:00:00.000Z', now: NOW })).toMatchObject({
      source: 'candle',
      last_price: '1411.65',
      as_of: '2020-01-31T10:00:00.000Z',
      known_at: '2020-01-31T10:00:00.000Z',
      source_file: 'RELIANCE.csv',
      age_seconds: 50_400,
    });
    expect(await getLatestQuote(db, { exchange: NSE, tickers: ['RELIANCE'], asOf: '1999-01-01T00:00:00.000Z', now: NOW })).toBeUndefined();
  });

  it('serves daily candles built from 5-minute bars where no daily file covers the day, marked derived', async () => {
    const db = service.harness.db;
    const year = await listCandles(db, {
      exchange: NSE,
      tickers: ['INFY'],
      interval: '1d',
      start: '2024-01-01T00:00:00Z',
      end: '2024-12-31T00:00:00Z',
      limit: 500,
    });
    expect(year).toHaveLength(123); // INFY.csv has bars on 123 days of 2024, to 28 June
    expect(year.every((c) => c.derived && c.interval === '1d' && c.value === null && c.trades === null && c.previous_close === null)).toBe(
      true,
    );
    // 2024-01-01: 75 bars, first open 1539.0, high 1557.0, low 1535.25, last close 1548.25, volume 2772411.
    expect(year[0]).toMatchObject({
      start: '2024-01-01T03:45:00.000Z',
      series: null,
      open: '1539.0',
      high: '1557.0',
      low: '1535.25',
      close: '1548.25',
      volume: '2772411',
      known_at: '2024-01-01T10:00:00.000Z', // its last bar (15:25 IST) ends 15:30 IST, though the file runs to 28 June
      source_file: 'INFY.csv',
      source_document: sha256(INFY_INTRADAY),
    });
    // A day a daily file covers keeps the file's candle: 6 Jan 2021 from the bhavcopy, next to RELIANCE's history.
    const [fromFile] = await listCandles(db, { exchange: NSE, tickers: ['INFY'], interval: '1d', end: '2021-01-06T23:59:59Z', limit: 1 });
    expect(fromFile).toMatchObject({ close: '1282.1', derived: false, previous_close: '1293.8' });
    // Newest first across both kinds; as of 27 June 2024 at 15:00 IST, that day's candle (last bar ends 15:30) is not yet knowable.
    const newest = await listCandles(db, { exchange: NSE, tickers: ['INFY'], interval: '1d', limit: 2 });
    expect(newest.map((c) => [c.start.slice(0, 10), c.derived])).toEqual([
      ['2024-06-27', true],
      ['2024-06-28', true],
    ]);
    const asOf = await listCandles(db, { exchange: NSE, tickers: ['INFY'], interval: '1d', asOf: '2024-06-27T09:30:00Z', limit: 1 });
    expect(asOf.map((c) => c.start.slice(0, 10))).toEqual(['2024-06-26']);
    // A series asked for by name is a file's: EQ has no candles from bars.
    expect(
      await listCandles(db, { exchange: NSE, tickers: ['INFY'], series: 'EQ', interval: '1d', start: '2024-01-01T00:00:00Z', limit: 5 }),
    ).toEqual([]);
  });

  it('lists candles as of an instant by each candle’s own knowledge time', async () => {
    const db = service.harness.db;
    const newest = (asOf: string, ticker = 'RELIANCE', interval: '1d' | '5m' = '1d') =>
      listCandles(db, { exchange: NSE, tickers: [ticker], interval, asOf, limit: 1 });
    // RELIANCE's 27 Feb 2020 candle is knowable at that day's close, 15:30 IST, though its file was known a day later.
    expect((await newest('2020-02-27T10:00:00.000Z'))[0]).toMatchObject({
      start: '2020-02-27T03:45:00.000Z',
      known_at: '2020-02-27T10:00:00.000Z',
    });
    expect((await newest('2020-02-27T09:59:59.999Z'))[0]?.start).toBe('2020-02-26T03:45:00.000Z');
    // No candle shows a known_at after the as_of that selected it, though its file was known on 28 Feb 2020.
    const asOf = '2020-02-01T00:00:00.000Z';
    const week = await listCandles(db, { exchange: NSE, tickers: ['RELIANCE'], interval: '1d', asOf, limit: 5 });
    expect(week.map((c) => [c.start.slice(0, 10), c.known_at])).toEqual([
      ['2020-01-27', '2020-01-27T10:00:00.000Z'],
      ['2020-01-28', '2020-01-28T10:00:00.000Z'],
      ['2020-01-29', '2020-01-29T10:00:00.000Z'],
      ['2020-01-30', '2020-01-30T10:00:00.000Z'],
      ['2020-01-31', '2020-01-31T10:00:00.000Z'],
    ]);
    // A 5-minute bar at its end: at 10:00 IST the 09:50 bar (ending 09:55) is the newest.
    expect((await newest('2024-06-28T04:30:00.000Z', 'INFY', '5m'))[0]?.start).toBe('2024-06-28T04:25:00.000Z');
  });

  it('quotes a snapshot taken after the newest daily close, as published', async () => {
    const quote = await getLatestQuote(service.harness.db, { exchange: NSE, tickers: ['TCS'], now: NOW });
    expect(QuoteSchema.parse(quote)).toEqual(quote);
    expect(quote).toEqual({
      exchange: 'NSE',
      ticker: 'TCS',
      series: 'EQ',
      isin: 'INE467B01029',
      source: 'quote',
      interval: null,
      as_of: '2021-01-07T05:30:00.000Z',
      age_seconds: (Date.parse(NOW) - Date.parse('2021-01-07T05:30:00.000Z')) / 1000,
      last_price: '696.45',
      open: '700.90',
      high: '702.30',
      low: '691.55',
      previous_close: '701.85',
      previous_close_source: 'stated',
      previous_close_at: null,
      previous_close_gap_weekdays: null,
      change: '-5.40',
      change_percent: '-0.77',
      volume: '4111511',
      value: '2860419000',
      high_52: '847.00',
      low_52: '615.10',
      known_at: '2021-01-07T05:30:00.000Z',
      recorded_at: expect.any(String),
      source_url: null,
      source_file: 'getquote-TCS-constructed.json',
      source_document: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('gives the newest daily close of every share through latestCloseSql, built from bars where they are newer', async () => {
    const { rows } = await service.harness.db.query(
      `with latest_close as (${latestCloseSql()})
       select exchange, ticker, series, isin, close, start, derived from latest_close
       where ticker in ('RELIANCE', 'BRITANNIA', 'DHFL', 'INFY') order by ticker`,
    );
    const day = new Date('2021-01-06T03:45:00.000Z');
    expect(rows).toEqual([
      { exchange: 'NSE', ticker: 'BRITANNIA', series: 'EQ', isin: 'INE216A01030', close: '3539.7', start: day, derived: false },
      { exchange: 'NSE', ticker: 'DHFL', series: 'EQ', isin: 'INE202B01012', close: '27.1', start: day, derived: false },
      // INFY's 5-minute bars run to 28 Jun 2024, after its last bhavcopy: the day's close is its 15:25 bar's.
      {
        exchange: 'NSE',
        ticker: 'INFY',
        series: null,
        isin: null,
        close: '1566.65',
        start: new Date('2024-06-28T03:45:00.000Z'),
        derived: true,
      },
      { exchange: 'NSE', ticker: 'RELIANCE', series: 'EQ', isin: 'INE002A01018', close: '1914.25', start: day, derived: false },
    ]);
  });

  it('reports the size and freshness of the dataset', async () => {
    // Candles: bhavcopy 2057, RELIANCE 5017, INFY 18354 + 6118 + 3184 + 1715, the 1-minute file 33 + 7 + 3 + 2 + 2;
    // quotes: six INFY polls and one TCS snapshot.
    expect(await pricesDatasetStats(service.harness.db)).toEqual({
      rows: 2057 + 5017 + 18354 + 6118 + 3184 + 1715 + 47 + 6 + 1,
      latest_known_at: '2024-06-28T10:00:00.000Z',
      latest_recorded_at: expect.any(String),
    });
  });

  it('comes out the same when rebuilt from the events one at a time', async () => {
    const { db, store } = service.harness;
    const dump = () =>
      Promise.all([
        db.query(`select * from ${CANDLES} order by 1, 2, 3, 4, 5`),
        db.query(`select * from ${LATEST_CANDLES} order by 1, 2, 3, 5`),
        db.query(`select * from ${QUOTES} order by 1, 2, 3, 4`),
        db.query(`select * from ${DAILY_FROM_BARS} order by 1, 2, 4, 5`),
      ]).then((results) => results.map((result) => result.rows));
    const before = await dump();
    await rebuildProjection(db, store, pricesProjection, { batchSize: 1 });
    expect(await dump()).toEqual(before);
  });

  it('appends and changes nothing when the same files are ingested again', async () => {
    const db = service.harness.db;
    const snapshot = () =>
      db.query(
        `select ticker, interval, start, close, known_at, recorded_at from ${CANDLES} where ticker in ('RELIANCE', 'INFY') order by 1, 2, 3`,
      );
    const before = await snapshot();
    const events = await service.eventCount();
    const again = await service.ingest([BHAVCOPY, RELIANCE_DAILY, INFY_INTRADAY, ONE_MINUTE, INFY_POLLS]);
    await service.ingest([tcsQuote()]);
    await service.harness.project();
    expect(again).toMatchObject({ events: 0 });
    expect(await service.eventCount()).toBe(events);
    expect((await snapshot()).rows).toEqual(before.rows);
  });
});
