import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_SAMPLE_DIR } from '#platform/config/config';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { inputFromBytes } from '#ingest/sources/read-inputs';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { givenIngestion } from '../../test/support/ingestion-harness.ts';
import { latestOwnershipSql, type ListShareholdingParams, listShareholding, shareholdingDatasetStats } from './queries.ts';
import { SNAPSHOTS } from './tables.ts';

const sample = (relative: string) => path.join(BUNDLED_SAMPLE_DIR, relative);
const RELIANCE = companyIdFromIsin('INE002A01018');
const HCLTECH = companyIdFromIsin('INE860A01027');
const HDFCBANK = companyIdFromIsin('INE040A01034');

const original = readFileSync(sample('shareholding/RELIANCE.csv'), 'latin1');
/**
 * Constructed: RELIANCE.csv fetched again in November 2024, with one more quarter (figures
 * made up for the test) and the Jun-2024 public figure corrected from 10.43 to 10.44.
 */
const refetched = inputFromBytes(
  'RELIANCE.csv',
  'constructed refetch',
  new TextEncoder().encode(
    original.replace('20240601T,50.33,21.75,17.30,0,10.43', '20240601T,50.33,21.75,17.30,0,10.44') +
      '20240901T,50.24,21.30,17.73,0,10.73\r\n',
  ),
);
const REFETCHED_AT = '2024-11-01T00:00:00.000Z';
/** RELIANCE.csv's 20240601T,50.33,21.75,17.30,0,10.43: the June 2024 quarter, as the read side gives it. */
const RELIANCE_JUNE_2024 = {
  period_end: '2024-06-30',
  promoter_pct: '50.33',
  fii_pct: '21.75',
  dii_pct: '17.30',
  mutual_fund_pct: null,
  public_pct: '10.43',
  pledged_pct: null,
};
/** Constructed: the same figures saved with LF line ends, so another document with the same knowledge times. */
const lfCopy = inputFromBytes('RELIANCE.csv', 'constructed LF copy', new TextEncoder().encode(original.replaceAll('\r\n', '\n')));

describeEachDatabase('shareholding read model over the sample files', (database) => {
  const service = givenIngestion(database);
  const list = (params: Partial<ListShareholdingParams> & { companyId: string }) =>
    listShareholding(service.harness.db, { holders: false, limit: 20, ...params });

  beforeAll(async () => {
    // The patterns come before the master list, so no event carries a company id: the read
    // side must still find them by the identifiers they state.
    await service.ingest([sample('shareholding')]);
    await service.ingest([sample('master/EQUITY_L.csv'), sample('indices')]);
    await service.harness.project();
  });

  it('stores every pattern unresolved, as ingested before the master list', async () => {
    const { rows } = await service.harness.db.query<{ n: number; unresolved: number }>(
      `select count(*)::int8 as n, count(*) filter (where company_id is null)::int8 as unresolved from ${SNAPSHOTS}`,
    );
    // 6 summaries of 12 quarters, 2 HCLTECH and 3 HDFCBANK detailed patterns.
    expect(rows[0]).toEqual({ n: 77, unresolved: 77 });
  });

  it("reads RELIANCE's quarters as written in RELIANCE.csv, newest period first", async () => {
    const snapshots = await list({ companyId: RELIANCE });
    expect(snapshots.map((s) => s.period_end)).toEqual([
      '2024-06-30',
      '2024-03-31',
      '2023-12-31',
      '2023-09-30',
      '2023-06-30',
      '2023-03-31',
      '2022-12-31',
      '2022-09-30',
      '2022-06-30',
      '2022-03-31',
      '2021-12-31',
      '2021-09-30',
    ]);
    expect(snapshots[0]).toEqual({
      // The name is the companies read model's (master and index lists), not the file's: it states only the symbol.
      company: {
        id: RELIANCE,
        name: expect.stringMatching(/^Reliance Industries/),
        nse_symbol: 'RELIANCE',
        bse_code: null,
        isin: 'INE002A01018',
        cin: null,
      },
      ...RELIANCE_JUNE_2024,
      filing_id: expect.any(String),
      source: 'third-party',
      source_url: null,
      known_at: '2024-07-21T18:30:00.000Z',
      recorded_at: expect.any(String),
    });
    // 20210901T,50.61,25.41,13.20,0,10.60: "13.20" keeps its digits.
    expect(snapshots[11]).toMatchObject({
      promoter_pct: '50.61',
      fii_pct: '25.41',
      dii_pct: '13.20',
      public_pct: '10.60',
      known_at: '2021-10-21T18:30:00.000Z',
    });
    expect(await list({ companyId: RELIANCE, periodEnd: '2023-03-31' })).toMatchObject([
      { period_end: '2023-03-31', promoter_pct: '50.41', fii_pct: '22.49' },
    ]);
    expect(await list({ companyId: RELIANCE, limit: 2 })).toHaveLength(2);
  });

  it('reads as of an instant: a pattern is invisible before its knowledge time', async () => {
    const before = await list({ companyId: RELIANCE, asOf: '2024-07-21T18:29:59.999Z' });
    expect(before[0]).toMatchObject({ period_end: '2024-03-31', known_at: '2024-04-21T18:30:00.000Z' });
    expect(before).toHaveLength(11);
    const at = await list({ companyId: RELIANCE, asOf: '2024-07-21T18:30:00.000Z' });
    expect(at[0]?.period_end).toBe('2024-06-30');
    expect(await list({ companyId: RELIANCE, asOf: '2021-10-21T18:29:59.999Z' })).toEqual([]);
  });

  it('combines the summary and the detailed patterns of HDFCBANK, and gives holders only when asked', async () => {
    const snapshots = await list({ companyId: HDFCBANK, limit: 5 });
    expect(snapshots.map((s) => [s.period_end, s.promoter_pct, s.fii_pct, s.mutual_fund_pct, s.source])).toEqual([
      ['2025-09-30', '0', '48.39', '26.02', 'third-party'],
      ['2025-08-28', '0', '48.61', '25.82', 'third-party'],
      ['2025-06-30', '0', '48.84', '25.61', 'third-party'],
      ['2024-09-30', '0.00', '48.02', null, 'third-party'],
      ['2024-06-30', '0.00', '47.17', null, 'third-party'],
    ]);
    expect(snapshots.every((s) => s.holders === undefined)).toBe(true);

    const [hcl] = await list({ companyId: HCLTECH, periodEnd: '2025-06-30', holders: true });
    expect(hcl).toMatchObject({
      company: { id: HCLTECH, nse_symbol: 'HCLTECH' },
      promoter_pct: '60.81',
      fii_pct: '18.56',
      dii_pct: '16.21',
      mutual_fund_pct: '8.44',
      public_pct: '4.25',
      known_at: '2025-07-21T18:30:00.000Z',
    });
    expect(hcl?.holders).toHaveLength(59);
    // all_shp_data_raw: "Ms. Kiran Nadar", shares 494602.0, percentage 0.02
    expect(hcl?.holders?.[0]).toEqual({
      category: 'Promoter and Promoter Group / Indian / Individuals/Hindu undivided Family',
      name: 'Ms. Kiran Nadar',
      shares: '494602',
      percentage: '0.02',
    });
    expect(hcl?.holders?.[6]).toEqual({
      category: 'Promoter and Promoter Group / Indian / Any Other (specify)',
      name: 'Vama Sundari Investments (Delhi) Pvt. Ltd.',
      shares: '1198549941',
      percentage: '44.17',
    });
  });

  it('finds nothing for a company with no patterns', async () => {
    expect(await list({ companyId: companyIdFromIsin('INE528G01035') })).toEqual([]);
  });

  describe('a re-fetched file', () => {
    let firstJune: string;
    beforeAll(async () => {
      firstJune = (await list({ companyId: RELIANCE, periodEnd: '2024-06-30' }))[0]?.filing_id ?? '';
      await service.ingest([refetched], { knownAt: REFETCHED_AT });
      await service.ingest([lfCopy]);
      await service.harness.project();
    });

    it('keeps every filing but serves one snapshot per period: the one known last', async () => {
      const { rows } = await service.harness.db.query<{ n: number }>(
        `select count(*)::int8 as n from ${SNAPSHOTS} where period_end = '2024-06-30' and reported_nse_symbol = 'RELIANCE'`,
      );
      expect(rows[0]?.n).toBe(3);
      const snapshots = await list({ companyId: RELIANCE });
      expect(snapshots).toHaveLength(13);
      expect(new Set(snapshots.map((s) => s.period_end)).size).toBe(13);
      expect(snapshots[0]).toMatchObject({ period_end: '2024-09-30', promoter_pct: '50.24', known_at: REFETCHED_AT });
      expect(snapshots[1]).toMatchObject({ period_end: '2024-06-30', public_pct: '10.44', known_at: REFETCHED_AT });
      expect(snapshots[1]?.filing_id).not.toBe(firstJune);
      expect(snapshots.every((s) => s.known_at === REFETCHED_AT)).toBe(true);
    });

    it('serves what was known before the re-fetch as of an earlier instant; equal knowledge times go to the higher filing id', async () => {
      const asOf = '2024-10-31T00:00:00.000Z';
      const snapshots = await list({ companyId: RELIANCE, asOf });
      expect(snapshots).toHaveLength(12);
      expect(snapshots[0]).toMatchObject({ period_end: '2024-06-30', public_pct: '10.43', known_at: '2024-07-21T18:30:00.000Z' });
      // The original and the LF copy state each quarter with the same knowledge time and parser version.
      const { rows } = await service.harness.db.query<{ filing_id: string }>(
        `select filing_id::text as filing_id from ${SNAPSHOTS}
         where period_end = '2024-06-30' and reported_nse_symbol = 'RELIANCE' and known_at <= $1
         order by filing_id desc`,
        [asOf],
      );
      expect(rows.map((r) => r.filing_id)).toContain(firstJune);
      expect(snapshots[0]?.filing_id).toBe(rows[0]?.filing_id);
    });

    it('gives screening the newest snapshot per company, now and as of an instant', async () => {
      const { db } = service.harness;
      const read = async (sql: string, asOf?: string) => {
        const { rows } = await db.query(
          `with ownership as (${sql})
           select company_id::text as company_id, period_end, promoter_pct, fii_pct, dii_pct, mutual_fund_pct, public_pct, pledged_pct
           from ownership where company_id = any($1::uuid[]) order by period_end desc`,
          asOf === undefined ? [[RELIANCE, HCLTECH]] : [[RELIANCE, HCLTECH], asOf],
        );
        return rows;
      };
      expect(await read(latestOwnershipSql())).toEqual([
        // HCLTECH 2025-09-30 (all_shp_data_raw): 60.81, 16.64, 17.84, MF 9.2, public 4.41
        {
          company_id: HCLTECH,
          period_end: '2025-09-30',
          promoter_pct: '60.81',
          fii_pct: '16.64',
          dii_pct: '17.84',
          mutual_fund_pct: '9.2',
          public_pct: '4.41',
          pledged_pct: null,
        },
        {
          company_id: RELIANCE,
          period_end: '2024-09-30',
          promoter_pct: '50.24',
          fii_pct: '21.30',
          dii_pct: '17.73',
          mutual_fund_pct: null,
          public_pct: '10.73',
          pledged_pct: null,
        },
      ]);
      expect(await read(latestOwnershipSql({ asOf: '$2' }), '2024-10-31T00:00:00.000Z')).toEqual([
        { company_id: RELIANCE, ...RELIANCE_JUNE_2024 },
      ]);
      expect(() => latestOwnershipSql({ asOf: "now()'" })).toThrow(/placeholder/);
    });

    it('counts one row per company and period end in the dataset stats', async () => {
      // 77 patterns, plus RELIANCE's new quarter; re-fetched copies are not new rows.
      expect(await shareholdingDatasetStats(service.harness.db)).toEqual({ rows: 78, latest_known_at: '2025-10-21T18:30:00.000Z' });
    });

    it('changes nothing when the same files are ingested again', async () => {
      const before = { events: await service.eventCount(), reliance: await list({ companyId: RELIANCE, holders: true }) };
      await service.ingest([sample('shareholding'), sample('master/EQUITY_L.csv'), sample('indices')]);
      await service.ingest([refetched], { knownAt: REFETCHED_AT });
      await service.ingest([lfCopy]);
      await service.harness.project();
      expect(await service.eventCount()).toBe(before.events);
      expect(await list({ companyId: RELIANCE, holders: true })).toEqual(before.reliance);
    });
  });
});
