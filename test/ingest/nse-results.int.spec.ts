import path from 'node:path';
import { expect, it } from 'vitest';
import { getCompany } from '#projections/companies/queries';
import { getFactVersions, listFacts } from '#projections/facts/queries';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { describeEachDatabase } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';
import { REPO_ROOT } from '../support/parse-input.ts';

const fixtures = (...names: string[]) => names.map((name) => path.join(REPO_ROOT, 'fixtures', name));
const ACC = companyIdFromIsin('INE012A01025');
const ORIGINAL_KNOWN_AT = '2025-01-28T06:20:59.000Z';
const REVISED_KNOWN_AT = '2025-01-31T13:15:56.000Z';

describeEachDatabase('NSE results: listing and XBRL filings through ingestion to the facts read model', (database) => {
  const service = givenIngestion(database);
  const db = () => service.harness.db;

  const ingest = (files: string[]) => service.ingest(files);
  const revenue = (asOf?: string) =>
    listFacts(db(), { companyId: ACC, concepts: ['Revenue'], period: 'quarterly', basis: 'consolidated', asOf, limit: 10 });

  it('ingests the revised filing first and the original later, with the listing; both become versions', async () => {
    // The revision arrives first and without its listing: it waits for the company.
    const early = await ingest(fixtures('nse-results-xbrl/INDAS_118350_1367750_31012025064516.xml'));
    expect(early).toMatchObject({ parsed: 0, rejected: 1 });
    expect(early.rejections[0]?.reason).toMatch(/^the company is not known \(ACC Limited, NSE ACC, BSE 500410\)/);

    const summary = await ingest(
      fixtures(
        'nse-results-listing/acc.json',
        'nse-results-xbrl/INDAS_117817_1362652_28012025115046.xml',
        'nse-results-xbrl/INDAS_118350_1367750_31012025064516.xml',
      ),
    );
    // The revision's bytes were stored already; with its listing it now has context and is parsed again.
    expect(summary).toMatchObject({ files: 3, stored: 2, alreadyStored: 1, parsed: 3, rejected: 0, failed: 0 });
    await service.harness.project();
    expect(await getCompany(db(), ACC)).toMatchObject({ name: 'ACC Limited', nse_symbol: 'ACC', isin: 'INE012A01025' });
  });

  it('answers as of a time between the two disseminations with the original revenue, and now with the revision', async () => {
    const [between] = await revenue('2025-01-30T00:00:00.000Z');
    expect(between).toMatchObject({
      value: '52072900000',
      known_at: ORIGINAL_KNOWN_AT,
      source_url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
      period: { type: 'quarterly', start: '2024-10-01', end: '2024-12-31', fiscal_year: 2025, fiscal_quarter: 3 },
      unit: 'INR',
      scale: 'crore',
    });
    const [current] = await revenue();
    expect(current).toMatchObject({ value: '59273800000', known_at: REVISED_KNOWN_AT });
    expect(await revenue('2025-01-28T06:20:58.000Z')).toEqual([]);
  });

  it('keeps both versions of revenue as a restatement chain', async () => {
    const versions = await getFactVersions(db(), {
      companyId: ACC,
      concept: 'Revenue',
      basis: 'consolidated',
      periodType: 'quarterly',
      periodEnd: '2024-12-31',
    });
    expect(versions.map((v) => [v.value, v.known_at, v.superseded_at, v.change])).toEqual([
      ['52072900000', ORIGINAL_KNOWN_AT, REVISED_KNOWN_AT, 'initial'],
      ['59273800000', REVISED_KNOWN_AT, null, 'restated'],
    ]);
    const profit = await getFactVersions(db(), {
      companyId: ACC,
      concept: 'ProfitAfterTax',
      basis: 'consolidated',
      periodType: 'quarterly',
      periodEnd: '2024-12-31',
    });
    expect(profit.map((v) => v.change)).toEqual(['initial', 'unchanged']);
  });

  it('appends nothing when the same files are ingested again', async () => {
    const before = await service.eventCount();
    const summary = await ingest(
      fixtures(
        'nse-results-listing/acc.json',
        'nse-results-xbrl/INDAS_117817_1362652_28012025115046.xml',
        'nse-results-xbrl/INDAS_118350_1367750_31012025064516.xml',
      ),
    );
    expect(summary).toMatchObject({ parsed: 3, unchanged: 3 });
    expect(summary.events).toBe(0);
    expect(await service.eventCount()).toBe(before);
  });

  it('replaces a filing parsed without its listing when the listing arrives: one version, at the dissemination time', async () => {
    const tcs = companyIdFromIsin('INE467B01029');
    const filing = fixtures('nse-results-xbrl/INDAS_104549_1090527_12042024090154.xml');
    // The master list makes the symbol known; the filing alone is then parsed, known only from when it was received.
    await ingest([...fixtures('nse-equity-master/EQUITY_L.csv'), ...filing]);
    await service.harness.project();
    const key = { companyId: tcs, concept: 'Revenue', basis: 'consolidated', periodType: 'annual', periodEnd: '2024-03-31' } as const;
    const [alone] = await getFactVersions(db(), key);
    expect(alone?.known_at).not.toBe('2024-04-12T15:34:06.000Z');

    const summary = await ingest([...fixtures('nse-results-listing/tcs.json'), ...filing]);
    expect(summary).toMatchObject({ parsed: 2, unchanged: 0 });
    await service.harness.project();
    const versions = await getFactVersions(db(), key);
    expect(versions.map((v) => [v.value, v.known_at, v.change])).toEqual([['2408930000000', '2024-04-12T15:34:06.000Z', 'initial']]);
    expect((await listFacts(db(), { companyId: tcs, concepts: ['Revenue'], period: 'annual', limit: 5 }))[0]?.source_url).toBe(
      'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_104549_1090527_12042024090154.xml',
    );
  });
});
