import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, TEST_DATABASES } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../../test/support/parse-input.ts';
import { realPath } from '../../../test/support/real-corpus.ts';
import { describeWithSharedData } from '../../../test/support/shared-data.ts';
import type { Candle } from '#schemas/read-models/price';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { resolveSecurity } from '#read/identity/resolve-security';
import { listPriceSeries, type PriceSeriesParams } from './list-price-series.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const MASTER = path.join(REPO_ROOT, 'sample-data/master');
const BSE_ACTIONS_HEADER =
  'Security Code,Security Name,Ex Date,Purpose,Record Date,BC Start Date, BC End Date\t,ND Start Date,ND End Date,Actual Payment Date';

/** A BSE corporate-actions export (the real layout) holding the given rows. */
const bseActions = (name: string, rows: readonly string[]) =>
  inputFromBytes(name, 'test', new TextEncoder().encode([BSE_ACTIONS_HEADER, ...rows, ''].join('\n')));

const day = (candles: readonly Candle[], date: string) => candles.find((c) => c.start.startsWith(date));

describeEachDatabase('adjusted prices: RELIANCE across its 1:1 bonuses of 2009 and 2017', (database) => {
  const service = givenIngestion(database);
  const series = async (params: Partial<PriceSeriesParams>) => {
    const security = await resolveSecurity(service.harness.db, 'RELIANCE', 'NSE');
    return listPriceSeries(service.harness.db, { security, interval: '1d', limit: 5000, adjust: 'splits', now: NOW, ...params });
  };

  beforeAll(async () => {
    const files = await service.ingest([MASTER, path.join(REPO_ROOT, 'sample-data/prices/daily/RELIANCE.csv')]);
    expect(files).toMatchObject({ parsed: 4, rejected: 0, failed: 0 });
    // No corpus file holds RELIANCE's bonus announcements (the BSE export is splits of 2009-2015 only), so these
    // two rows are constructed: the bonuses' ratio and ex-dates, where the real prices halve (2194.7 on 25 Nov 2009,
    // 1063.75 the next day; 1645.4 on 6 Sep 2017, 818.1 the next). The file is declared known the evening of
    // 21 July 2017; a BSE export states no announcement date, so each action is known from the start (IST) of its
    // ex-date where that is earlier than the file (docs/corporate-actions.md): never later than it went ex.
    const bonuses = bseActions('Corporate_Actions-RELIANCE-constructed.csv', [
      '500325,RELIANCE,26 Nov 2009,Bonus issue 1:1,-,-,-,-,-,-',
      '500325,RELIANCE,07 Sep 2017,Bonus issue 1:1,-,-,-,-,-,-',
    ]);
    expect(await service.ingest([bonuses], { knownAt: '2017-07-21T12:30:00.000Z' })).toMatchObject({ parsed: 1, failed: 0 });
    // Constructed for the dividend arithmetic only (RELIANCE paid no such dividend): Rs 10, ex 12 Sep 2017.
    const dividend = bseActions('Corporate_Actions-dividend-constructed.csv', [
      '500325,RELIANCE,12 Sep 2017,Dividend - Rs. - 10.0000,-,-,-,-,-,-',
    ]);
    expect(await service.ingest([dividend], { knownAt: '2017-09-01T12:30:00.000Z' })).toMatchObject({ parsed: 1, failed: 0 });
    await service.harness.project();
  }, 240_000);

  it('halves every price before each ex-date and doubles the volume, by hand from RELIANCE.csv', async () => {
    const { candles, adjustment } = await series({ start: '2009-11-24T00:00:00Z', end: '2017-09-12T00:00:00Z' });
    // 2009-11-25: open 2185.75, close 2194.7, volume 4152810; two later bonuses: x 1/4, volume x 4.
    expect(day(candles, '2009-11-25')).toMatchObject({
      open: '546.4375',
      close: '548.675',
      volume: '16611240',
      value: '9163686177.9',
      previous_close: null,
    });
    // 2009-11-26 (ex-date of the first): 1063.75 x 1/2.
    expect(day(candles, '2009-11-26')).toMatchObject({ close: '531.875' });
    // 2017-09-06: 1645.4 x 1/2 = 822.7 (volume 11142512 x 2); the ex-date's 818.1 and later as published.
    expect(day(candles, '2017-09-06')).toMatchObject({ close: '822.7', volume: '22285024' });
    expect(day(candles, '2017-09-07')).toMatchObject({ close: '818.1', volume: '7408536' });
    expect(day(candles, '2017-09-11')).toMatchObject({ close: '817.9' });
    expect(adjustment).toMatchObject({ mode: 'splits', method: 'backward', actions_known_at: NOW, note: null });
    expect(adjustment?.factors.map((f) => [f.action_type, f.ex_date, f.share_factor, f.price_factor, f.applied, f.known_at])).toEqual([
      ['bonus_issue', '2009-11-26', '2', '0.5', true, '2009-11-25T18:30:00.000Z'],
      ['bonus_issue', '2017-09-07', '2', '0.5', true, '2017-07-21T12:30:00.000Z'],
    ]);
  });

  it('applies no action before it was known, nor before its ex-date', async () => {
    // The evening of 25 Nov 2009: the 2009 bonus not yet known (known from its ex-date), nothing adjusted.
    const before = await series({ start: '2009-11-25T00:00:00Z', end: '2009-11-25T23:59:59Z', asOf: '2009-11-25T18:00:00+05:30' });
    expect(before.candles.map((c) => c.close)).toEqual(['2194.7']);
    expect(before.adjustment).toMatchObject({ actions_known_at: '2009-11-25T12:30:00.000Z', factors: [] });
    // As of 1 Jan 2012 it had gone ex (and was known); the 2017 one was not known.
    const later = await series({ start: '2009-11-25T00:00:00Z', end: '2009-11-25T23:59:59Z', asOf: '2012-01-01T00:00:00+05:30' });
    expect(later.candles.map((c) => c.close)).toEqual(['1097.35']);
    expect(later.adjustment?.factors.map((f) => f.ex_date)).toEqual(['2009-11-26']);
    // The evening of 6 Sep 2017: both known, only the 2009 one gone ex.
    const eve = await series({ start: '2017-09-06T00:00:00Z', asOf: '2017-09-06T16:00:00+05:30' });
    expect(eve.candles.map((c) => c.close)).toEqual(['1645.4']);
    expect(eve.adjustment?.factors.map((f) => f.ex_date)).toEqual(['2009-11-26']);
    // The evening of 7 Sep 2017: the 2017 bonus applies to the day before.
    const after = await series({ start: '2017-09-06T00:00:00Z', asOf: '2017-09-07T16:00:00+05:30' });
    expect(after.candles.map((c) => c.close)).toEqual(['822.7', '818.1']);
  });

  it('with all, also takes the dividend against the close before its ex-date: (P − D) / P', async () => {
    const { candles, adjustment } = await series({ adjust: 'all', start: '2017-09-06T00:00:00Z', end: '2017-09-12T23:59:59Z' });
    // P = 817.9 (11 Sep 2017), D = 10: 807.9 / 817.9. 6 Sep: 1645.4 x 1/2 x 807.9/817.9 = 812.6413 (4 places).
    expect(candles.map((c) => [c.start.slice(0, 10), c.close])).toEqual([
      ['2017-09-06', '812.6413'],
      ['2017-09-07', '808.0976'], // 818.1 x 807.9/817.9 = 808.09757...
      ['2017-09-08', '806.9122'], // 816.9 x 807.9/817.9 = 806.91222...
      ['2017-09-11', '807.9'],
      ['2017-09-12', '823.75'],
    ]);
    expect(day(candles, '2017-09-06')?.volume).toBe('22285024'); // a dividend leaves the volume alone
    expect(adjustment?.factors.find((f) => f.action_type === 'dividend')).toMatchObject({
      ex_date: '2017-09-12',
      share_factor: null,
      price_factor: '0.987773566451',
      reference_close: '817.9',
      reference_close_at: '2017-09-11T03:45:00.000Z',
      applied: true,
    });
  });

  it('leaves the prices as published without adjust, and says so for a ticker with no company', async () => {
    expect((await series({ adjust: 'none', start: '2017-09-06T00:00:00Z', limit: 1 })).candles.map((c) => c.close)).toEqual(['1645.4']);
    const security = await resolveSecurity(service.harness.db, 'NOSUCHTICKER', 'NSE');
    const none = await listPriceSeries(service.harness.db, { security, interval: '1d', limit: 5, adjust: 'splits', now: NOW });
    expect(none).toEqual({
      candles: [],
      adjustment: expect.objectContaining({ company_id: null, factors: [], note: expect.stringContaining('no company') }),
    });
  });
});

// The whole corpus is not needed: the sample's master lists (with SBIN's BSE code), the real NIFTY 50 history of
// SBIN and the real BSE export, ingested as an operator would (no date given: each action is known from its ex-date).
describeWithSharedData('adjusted prices: SBIN across its real 10→1 split of 20 Nov 2014', () => {
  const database = TEST_DATABASES[TEST_DATABASES.length - 1];
  if (!database) throw new Error('no test database');
  const service = givenIngestion(database);
  const series = async (params: Partial<PriceSeriesParams>) => {
    const security = await resolveSecurity(service.harness.db, 'SBIN', 'NSE');
    const now = new Date().toISOString();
    return listPriceSeries(service.harness.db, { security, interval: '1d', limit: 5000, adjust: 'splits', now, ...params });
  };

  beforeAll(async () => {
    const files = await service.ingest([
      MASTER,
      realPath('prices_daily/nifty50_2000_2020/SBIN.csv'),
      realPath('corporate_actions/Corporate_Actions.csv'),
    ]);
    expect(files).toMatchObject({ parsed: 5, rejected: 0, failed: 0 });
    await service.harness.project();
  }, 240_000);

  it('divides the prices before the ex-date by 10 and multiplies their volume by 10', async () => {
    // SBIN.csv: 2014-11-19,SBIN,EQ,2945.75,2949.0,2968.0,2903.55,2913.2,2910.5,...,2073593,...
    //           2014-11-20,SBIN,EQ,2910.5,294.75,298.75,291.25,297.1,297.1,...,18099509,...
    const { candles, adjustment } = await series({ start: '2014-11-19T00:00:00Z', end: '2014-11-20T23:59:59Z' });
    expect(candles.map((c) => [c.start.slice(0, 10), c.open, c.high, c.low, c.close, c.volume])).toEqual([
      ['2014-11-19', '294.9', '296.8', '290.355', '291.05', '20735930'],
      ['2014-11-20', '294.75', '298.75', '291.25', '297.1', '18099509'],
    ]);
    // Corporate_Actions.csv: 500112,SBIN,20 Nov 2014,Stock  Split From Rs.10/- to Rs.1/-,21 Nov 2014,...
    expect(adjustment?.factors).toEqual([
      expect.objectContaining({
        action_type: 'stock_split',
        ex_date: '2014-11-20',
        purpose: 'Stock  Split From Rs.10/- to Rs.1/-',
        share_factor: '10',
        price_factor: '0.1',
        applied: true,
      }),
    ]);
    // The 2015 export states no announcement date: the split is known from the start of its ex-date (IST).
    expect(adjustment?.factors[0]?.known_at).toBe('2014-11-19T18:30:00.000Z');
  });

  it('applies no adjustment as of a time before the split was known (the evening before its ex-date)', async () => {
    const { candles, adjustment } = await series({
      start: '2014-11-19T00:00:00Z',
      end: '2014-11-20T23:59:59Z',
      asOf: '2014-11-19T20:00:00+05:30',
    });
    expect(candles.map((c) => c.close)).toEqual(['2910.5']);
    expect(adjustment?.factors).toEqual([]);
    const next = await series({ start: '2014-11-19T00:00:00Z', end: '2014-11-20T23:59:59Z', asOf: '2014-11-20T16:00:00+05:30' });
    expect(next.candles.map((c) => c.close)).toEqual(['291.05', '297.1']);
  });
});
