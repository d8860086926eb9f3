import { expect, it } from 'vitest';
import { getCompany } from '#projections/companies/queries';
import { listFacts } from '#projections/facts/queries';
import { BUNDLED_SAMPLE_DIR } from '#platform/config/config';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { describeEachDatabase } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';

describeEachDatabase('the bundled sample data', (database) => {
  const service = givenIngestion(database);

  it('ingests every file of every format with no rejection', async () => {
    const summary = await service.ingest([BUNDLED_SAMPLE_DIR], { pollMs: 100 });
    expect(summary.rejections).toEqual([]);
    expect(summary).toMatchObject({ files: 77, parsed: 77, rejected: 0, failed: 0 });
    await service.harness.project();
    const { db } = service.harness;
    expect(await getCompany(db, companyIdFromIsin('INE002A01018'))).toMatchObject({ nse_symbol: 'RELIANCE', isin: 'INE002A01018' });
    const [revenue] = await listFacts(db, {
      companyId: companyIdFromIsin('INE467B01029'),
      concepts: ['Revenue'],
      period: 'annual',
      basis: 'consolidated',
      limit: 1,
    });
    expect(revenue).toMatchObject({ value: '2408930000000', period: { fiscal_year: 2024 } });
  });

  it('appends zero events when the same folder is ingested again', async () => {
    const before = await service.eventCount();
    const summary = await service.ingest([BUNDLED_SAMPLE_DIR], { pollMs: 100 });
    expect(summary).toMatchObject({ files: 77, stored: 0, alreadyStored: 77, unchanged: 77, events: 0 });
    expect(await service.eventCount()).toBe(before);
  });
});
