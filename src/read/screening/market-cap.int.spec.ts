import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { IsinSchema } from '#schemas/common/primitives';
import type { DomainEvent } from '#schemas/events/catalogue';
import { givenCompanyRegistered, givenFact, givenFinancialsReported, givenMetadata } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import type { NewEvent } from '#platform/event-store/event-store';
import { isinCheckDigit, syntheticEquityIsin } from '../../../tools/generate/isin.ts';
import { screenCompanies } from './screen-companies.ts';

/**
 * A company that split its shares from ₹10 to ₹1 (ex 20 Nov 2014, as SBIN did) after its
 * last balance sheet: market cap must count the shares of the close's day, with the face
 * value of the balance sheet's day, never the close of one date times the shares of another.
 */
const ISIN = IsinSchema.parse(syntheticEquityIsin(4242));
/** The equity ISIN after the split: the same issuer and security type, the next serial. */
const NEW_ISIN = IsinSchema.parse(`${ISIN.slice(0, 10)}2${isinCheckDigit(`${ISIN.slice(0, 10)}2`)}`);
const SYMBOL = 'SPLITCO';

function events(companyId: string, withSplit = true): Array<NewEvent<DomainEvent>> {
  const listing: NewEvent<DomainEvent> = {
    id: randomUUID(),
    type: 'InstrumentListed',
    data: {
      instrumentId: randomUUID(),
      companyId,
      exchange: 'NSE',
      segment: 'CM',
      type: 'equity',
      ticker: SYMBOL,
      isin: NEW_ISIN,
      name: 'Split Co Limited',
      series: 'EQ',
      faceValue: '1',
      listingDate: '2001-01-01',
      status: 'listed',
    },
    metadata: givenMetadata({ knownAt: '2024-03-08T00:00:00.000Z', source: 'nse-master' }),
  };
  const split: NewEvent<DomainEvent> = {
    id: randomUUID(),
    type: 'CorporateActionAnnounced',
    data: {
      actionId: randomUUID(),
      companyId,
      company: { name: 'Split Co Limited', nseSymbol: null, bseCode: null, isin: ISIN, cin: null },
      actionType: 'stock_split',
      purpose: 'Stock  Split From Rs.10/- to Rs.1/-',
      exDate: '2014-11-20',
      recordDate: '2014-11-22',
      amountPerShare: null,
      ratio: null,
      faceValueFrom: '10',
      faceValueTo: '1',
      parserVersion: 1,
    },
    metadata: givenMetadata({ knownAt: '2014-10-01T12:00:00.000Z', source: 'bse' }),
  };
  const candle = (day: string, close: string) => ({
    ticker: SYMBOL,
    series: 'EQ',
    isin: ISIN,
    start: `${day}T03:45:00.000Z`,
    open: close,
    high: close,
    low: close,
    close,
    volume: '1000',
    value: null,
    trades: null,
  });
  const prices: NewEvent<DomainEvent> = {
    id: randomUUID(),
    type: 'PricesRecorded',
    data: {
      exchange: 'NSE',
      interval: '1d',
      candles: [candle('2014-11-14', '2910.5'), candle('2014-12-01', '297.1')],
      part: 1,
      parts: 1,
      parserVersion: 1,
    },
    metadata: givenMetadata({ knownAt: '2014-12-01T10:00:00.000Z', source: 'nse' }),
  };
  // ₹7,000,000,000 of ₹10 shares at 31 March 2014: 700,000,000 shares.
  const capital = givenFinancialsReported({
    companyId,
    knownAt: '2014-05-20T12:00:00.000Z',
    facts: [
      givenFact(
        'EquityShareCapital',
        '7000000000',
        { type: 'instant', start: null, end: '2014-03-31', fiscalYear: 2014, fiscalQuarter: 4 },
        'standalone',
      ),
    ],
  });
  return withSplit ? [listing, split, prices, capital] : [listing, prices, capital];
}

describeEachDatabase('market capitalisation across a split', (database) => {
  const service = givenIngestion(database);
  const registered = givenCompanyRegistered({ name: 'Split Co Limited', isin: ISIN, nseSymbol: SYMBOL }, '2001-01-01T00:00:00.000Z');
  const companyId = registered.data.companyId;

  beforeAll(async () => {
    await service.harness.append(registered, ...events(companyId));
    await service.harness.project();
  });

  const row = async (asOf?: string) =>
    (
      await screenCompanies(service.harness.db, { filters: [{ metric: 'market_cap', operator: '>', value: 0 }], sort: 'price', asOf })
    ).rows.find((r) => r.company.id === companyId);

  it('before the split: the close times the shares of the balance sheet, at its face value of ₹10', async () => {
    const before = await row('2014-11-15T00:00:00Z');
    // 2,910.50 × 700,000,000; the listing's face value today (₹1) would make it ten times as much.
    expect(before?.values).toEqual({ market_cap: '2037350000000', price: '2910.5' });
    expect(before?.periods[0]?.inputs.map((i) => [i.measure, i.period_end])).toEqual([
      ['close', '2014-11-14'],
      ['EquityShareCapital', '2014-03-31'],
    ]);
  });

  it("after the split: the shares of the close's day, the split between the two dates listed as an input", async () => {
    const after = await row();
    // 297.10 × 700,000,000 × 10.
    expect(after?.values).toEqual({ market_cap: '2079700000000', price: '297.1' });
    expect(after?.periods[0]?.inputs.map((i) => [i.measure, i.period_end])).toEqual([
      ['close', '2014-12-01'],
      ['EquityShareCapital', '2014-03-31'],
      ['stock_split', '2014-11-20'],
    ]);
    expect(after?.periods[0]?.known_at).toBe('2014-12-01T10:00:00.000Z');
  });
});

describeEachDatabase('market capitalisation across a split no action records', (database) => {
  const service = givenIngestion(database);
  const registered = givenCompanyRegistered({ name: 'Split Co Limited', isin: ISIN, nseSymbol: SYMBOL }, '2001-01-01T00:00:00.000Z');

  beforeAll(async () => {
    await service.harness.append(registered, ...events(registered.data.companyId, false));
    await service.harness.project();
  });

  it("has no market cap: the equity ISIN changed after the balance sheet, so the listing's face value of today may not be that day's", async () => {
    const result = await screenCompanies(service.harness.db, {
      filters: [{ metric: 'price', operator: '>', value: 0 }],
      sort: 'market_cap',
    });
    const row = result.rows.find((r) => r.company.id === registered.data.companyId);
    // 297.10 × 7,000,000,000 / 1 would be ten times the value; without the split on record it is unknown.
    expect(row?.values).toEqual({ price: '297.1', market_cap: null });
  });
});
