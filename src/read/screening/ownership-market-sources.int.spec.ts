import { expect, it } from 'vitest';
import { ScreenResultSchema } from '#schemas/read-models/screen';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { screenCompanies } from './screen-companies.ts';
import { listScreenMetrics } from './screen-sources.ts';

const RELIANCE = companyIdFromIsin('INE002A01018');

describeEachDatabase('screening on ownership, price and market capitalisation', (database) => {
  const service = givenIngestion(database, {}, { sample: true });
  const db = () => service.harness.db;

  it('lists the ownership and market metrics beside the ratios', () => {
    const ids = listScreenMetrics().map((m) => `${m.id}:${m.unit}:${m.source}`);
    expect(ids).toEqual(
      expect.arrayContaining([
        'promoter_pct:percent:ownership',
        'pledged_pct:percent:ownership',
        'price:INR/share:market',
        'market_cap:INR:market',
        'return_on_equity:ratio:facts',
      ]),
    );
  });

  it("screens on the newest shareholding snapshot's percentages", async () => {
    // sample-data/shareholding/ACC.csv, newest row: 20240901T,56.69,5.51,24.43,0,13.22
    const result = ScreenResultSchema.parse(
      await screenCompanies(db(), {
        filters: [{ metric: 'promoter_pct', operator: '>=', value: '56.69' }],
        sort: '-promoter_pct',
        limit: 100,
      }),
    );
    const acc = result.rows.find((row) => row.company.nse_symbol === 'ACC');
    expect(acc?.values).toEqual({ promoter_pct: '56.69' });
    expect(acc?.periods).toEqual([
      expect.objectContaining({ source: 'ownership', period_end: '2024-09-30', period_type: 'shareholding_snapshot' }),
    ]);
    expect(result.rows.map((row) => row.company.nse_symbol)).not.toContain('RELIANCE');
    // RELIANCE's newest (2024-06-30): promoters 50.33, FIIs 21.75.
    const reliance = await screenCompanies(db(), {
      filters: [
        { metric: 'promoter_pct', operator: '=', value: 50.33 },
        { metric: 'fii_pct', operator: '<', value: '21.76' },
      ],
    });
    expect(reliance.rows.map((row) => row.company.nse_symbol)).toEqual(['RELIANCE']);
  });

  it('screens on the last close and the market capitalisation of that day', async () => {
    const result = await screenCompanies(db(), {
      filters: [
        { metric: 'price', operator: '>', value: 1500 },
        { metric: 'market_cap', operator: '>', value: 0 },
      ],
      limit: 100,
    });
    // INFY's newest close is its 28 Jun 2024 15:25 bar, 1566.65; the balance sheet nearest before it is of 31 Mar 2024
    // (standalone EquityShareCapital 20750000000.00 and face value 5, INDAS_104588): 4,150,000,000 shares × 1,566.65.
    const infy = result.rows.find((r) => r.company.nse_symbol === 'INFY');
    expect(infy?.values).toEqual({ price: '1566.65', market_cap: '6501597500000' });
    expect(infy?.periods).toEqual([
      expect.objectContaining({
        source: 'market',
        period_end: '2024-06-28',
        period_type: 'daily_close',
        inputs: [
          expect.objectContaining({ measure: 'close_from_bars', period_end: '2024-06-28' }),
          expect.objectContaining({ measure: 'EquityShareCapital', period_end: '2024-03-31' }),
          expect.objectContaining({ measure: 'FaceValuePerShare', period_end: '2024-03-31' }),
        ],
      }),
    ]);
    // RELIANCE's newest close is the bhavcopy of 6 Jan 2021 (1914.25), and the sample's balance sheets are of 2023
    // and later: none gives the shares of that day (the October 2024 bonus, a merger, any issue between could
    // differ), so it has no market cap and does not pass.
    expect(result.rows.map((r) => r.company.id)).not.toContain(RELIANCE);
    const reliance = await screenCompanies(db(), {
      filters: [{ metric: 'price', operator: '>', value: 0 }],
      sort: 'market_cap',
      companyId: RELIANCE,
    });
    expect(reliance.rows[0]?.values).toEqual({ price: '1914.25', market_cap: null });
    expect(reliance.rows[0]?.periods[0]?.inputs.map((i) => i.measure)).toEqual(['close']);
  });

  it('closes on the newest day of any data: a daily close built from 5-minute bars where no daily file covers it', async () => {
    const infy = async (asOf?: string) =>
      (
        await screenCompanies(db(), {
          filters: [
            { metric: 'price', operator: '>', value: 1500 },
            { metric: 'price', operator: '<', value: 1600 },
          ],
          asOf,
          limit: 100,
        })
      ).rows.find((r) => r.company.nse_symbol === 'INFY');
    // sample-data/prices/intraday/INFY.csv ends with the 28 Jun 2024 15:25 bar, closing at 1566.65; its last bhavcopy is of 2021.
    expect(await infy()).toMatchObject({
      values: { price: '1566.65' },
      periods: [{ period_end: '2024-06-28', inputs: [{ measure: 'close_from_bars', period_end: '2024-06-28' }] }],
    });
    // At 14:30 IST that day the day's candle was not complete: the day before.
    expect((await infy('2024-06-28T09:00:00Z'))?.periods[0]).toMatchObject({
      period_end: '2024-06-27',
      inputs: [{ measure: 'close_from_bars' }],
    });
  });

  it('as of an instant: the newest snapshot known then', async () => {
    const asOf = '2022-07-15T00:00:00Z';
    const result = await screenCompanies(db(), { filters: [{ metric: 'promoter_pct', operator: '>', value: 0 }], asOf, limit: 100 });
    const acc = result.rows.find((row) => row.company.nse_symbol === 'ACC');
    const { rows } = await db().query<{ period_end: string; promoter_pct: string; known_at: Date }>(
      `select period_end, promoter_pct, known_at from rm_shareholding_v2
       where (company_id = $1 or reported_nse_symbol = 'ACC') and known_at <= $2
       order by period_end desc, known_at desc limit 1`,
      [acc?.company.id, asOf],
    );
    expect((rows[0]?.period_end ?? '') < '2022-07-15').toBe(true);
    expect(acc).toMatchObject({
      values: { promoter_pct: rows[0]?.promoter_pct },
      periods: [
        {
          source: 'ownership',
          period_end: rows[0]?.period_end,
          known_at: rows[0]?.known_at.toISOString(),
          inputs: [{ measure: 'shareholding_pattern', period_end: rows[0]?.period_end }],
        },
      ],
    });
    for (const row of result.rows) expect(row.periods[0]?.known_at && row.periods[0].known_at <= '2022-07-15T00:00:00.000Z').toBe(true);
  });

  it("as of an instant: the last close knowable then (a day's close at 15:30 IST), and no market cap from later filings", async () => {
    const price = async (asOf: string) =>
      (await screenCompanies(db(), { filters: [{ metric: 'price', operator: '>', value: 0 }], asOf, limit: 100 })).rows.find(
        (r) => r.company.id === RELIANCE,
      );
    // sample-data/prices/daily/RELIANCE.csv: 25 March 2019 closed at 1324.45, 26 March at 1367.25.
    expect(await price('2019-03-26T09:59:00Z')).toMatchObject({
      values: { price: '1324.45' },
      periods: [
        {
          period_end: '2019-03-25',
          known_at: '2019-03-25T10:00:00.000Z',
          inputs: [{ measure: 'close', period_end: '2019-03-25', filing_id: null }],
        },
      ],
    });
    expect((await price('2019-03-26T10:00:00Z'))?.values.price).toBe('1367.25');
    // The sample's share capital is from filings of 2023 and later: no market cap as of 2019.
    const capped = await screenCompanies(db(), {
      filters: [{ metric: 'market_cap', operator: '>', value: 0 }],
      asOf: '2019-03-27T00:00:00Z',
      limit: 100,
    });
    expect(capped.total).toBe(0);
  });
});
