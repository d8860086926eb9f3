import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenIngestion } from '../../../test/support/ingestion-harness.ts';
import { realPath } from '../../../test/support/real-corpus.ts';
import { describeWithSharedData } from '../../../test/support/shared-data.ts';
import { resolveCompany } from '#read/identity/resolve-company';
import { fetchMarketCap } from '#read/query/fetch-market-cap';
import { screenCompanies } from './screen-companies.ts';

/** HDFC Bank's results listing and two of its standalone results filings, as nse_filings/ holds them. */
const LISTING = 'nse_filings/index/hdfcbank.json';
/** Q3 FY20, quarter ended 31 Dec 2019 (disseminated 21 Jan 2020 15:08:03 IST): PaidUpValueOfEquityShareCapital 5477000000.00, FaceValueOfEquityShareCapital 1.00. */
const Q3_FY20 = 'nse_filings/xbrl/hdfcbank/21Jan2020_1505_BANKING_51533_206515_20012020023420_WEB.xml';
/** Q2 FY24, quarter ended 30 Sep 2023, after the merger with HDFC Ltd: PaidUpValueOfEquityShareCapital 7581800000.00, face value 1.00. */
const Q2_FY24 = 'nse_filings/xbrl/hdfcbank/17Oct2023_1721_BANKING_97616_956099_17102023052102.xml';
/** NSE daily prices to 28 Feb 2020 (close 1177.65 that day). */
const PRICES = 'prices_daily/nifty50_2000_2020/HDFCBANK.csv';

const marketCapRow = async (db: Parameters<typeof screenCompanies>[0], companyId: string, asOf?: string) =>
  (
    await screenCompanies(db, {
      filters: [{ metric: 'price', operator: '>', value: 0 }],
      sort: 'market_cap',
      asOf,
      companyId,
    })
  ).rows[0];

describeWithSharedData('market capitalisation on the real HDFC Bank filings and prices', () => {
  describeEachDatabase('with the face value the filing states', (database) => {
    const service = givenIngestion(database);

    beforeAll(async () => {
      const files = [LISTING, Q3_FY20, Q2_FY24, PRICES].map(realPath);
      expect(await service.ingest(files)).toMatchObject({ failed: 0, rejected: 0 });
      await service.harness.project();
    }, 240_000);

    const hdfcBank = async () => (await resolveCompany(service.harness.db, 'HDFCBANK'))?.id ?? '';

    it('as of 1 March 2020: the close of 28 Feb 2020 × the share capital of 31 Dec 2019 ÷ the ₹1 face value its filing states', async () => {
      const row = await marketCapRow(service.harness.db, await hdfcBank(), '2020-03-01T00:00:00Z');
      // 5,477,000,000 ÷ 1 = 5,477,000,000 shares × 1,177.65 = 6,449,989,050,000 (₹6,44,998.905 crore). The face
      // value is the filing's. On the whole corpus the splits on record said ₹2 (BSE's export has the 2011 split
      // 10 → 2, not the 2019 one to ₹1), which halved it to 3,224,994,525,000; here, with no split, it was unknown.
      expect(row?.values).toEqual({ price: '1177.65', market_cap: '6449989050000' });
      expect(row?.periods[0]?.inputs.map((i) => [i.measure, i.period_end, i.known_at])).toEqual([
        ['close', '2020-02-28', '2020-02-28T10:00:00.000Z'],
        ['EquityShareCapital', '2019-12-31', '2020-01-21T09:38:03.000Z'],
        ['FaceValuePerShare', '2019-12-31', '2020-01-21T09:38:03.000Z'],
      ]);
    });

    it('as of a time before the face value was disseminated, it is not used: the market cap waits for the filing', async () => {
      // 21 Jan 2020 09:00 UTC: the close of 20 Jan 2020 is known, the Q3 FY20 filing (09:38:03 UTC) is not, and no
      // earlier balance sheet is ingested here.
      const row = await marketCapRow(service.harness.db, await hdfcBank(), '2020-01-21T09:00:00Z');
      expect(row?.values['market_cap']).toBeNull();
      expect(row?.periods[0]?.inputs.map((i) => i.measure)).toEqual(['close']);
    });

    it('the research query states the close, the share capital and the face value it used, with their dates', async () => {
      const company = await resolveCompany(service.harness.db, 'HDFCBANK');
      if (!company) throw new Error('HDFC Bank is not resolved');
      const { item } = await fetchMarketCap(service.harness.db, company, '2020-03-01T00:00:00.000Z');
      expect(item).toMatchObject({
        value: '6449989050000',
        close: '1177.65',
        close_date: '2020-02-28',
        share_capital: '5477000000',
        face_value: '1',
        reason: null,
      });
    });
  });

  describeEachDatabase('never with a balance sheet after the close', (database) => {
    const service = givenIngestion(database);

    beforeAll(async () => {
      expect(await service.ingest([LISTING, Q2_FY24, PRICES].map(realPath))).toMatchObject({ failed: 0, rejected: 0 });
      await service.harness.project();
    }, 240_000);

    it('the last close (28 Feb 2020) has no balance sheet on or before it: null, not the post-merger share count', async () => {
      const company = await resolveCompany(service.harness.db, 'HDFCBANK');
      if (!company) throw new Error('HDFC Bank is not resolved');
      // The only balance sheet is of 30 Sep 2023: 7,581,800,000 ÷ 1 × 1,177.65 = 8,928,706,770,000 would count the
      // shares issued to HDFC Ltd's holders in July 2023, 38% more than the 5,477,000,000 of 31 Dec 2019.
      for (const asOf of [undefined, '2024-01-01T00:00:00Z']) {
        const row = await marketCapRow(service.harness.db, company.id, asOf);
        expect(row?.values).toEqual({ price: '1177.65', market_cap: null });
        expect(row?.periods[0]?.inputs.map((i) => i.measure)).toEqual(['close']);
      }
      const { item, gaps } = await fetchMarketCap(service.harness.db, company, null);
      expect(item?.reason).toBe(
        "no EquityShareCapital fact (share capital) of a balance sheet on or before the close's day is known, so the shares outstanding on that day are unknown",
      );
      expect(gaps).toHaveLength(1);
    });
  });
});
