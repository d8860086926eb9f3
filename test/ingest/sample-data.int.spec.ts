import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.ts';
import { getCompany } from '../../projections/companies/queries.ts';
import { listFacts } from '../../projections/facts/queries.ts';
import { BUNDLED_SAMPLE_DIR } from '../../src/config.ts';
import { parserRegistry } from '../../src/ingest/all-parsers.ts';
import { companyIdFromIsin } from '../../src/ingest/company-lookup.ts';
import { ingestInputs } from '../../src/ingest/ingest-inputs.ts';
import { readInputs } from '../../src/ingest/sources/read-inputs.ts';
import { catchUp } from '../../src/projector/catch-up.ts';
import { contextProvidersFor } from '../../src/runtime/context-providers.ts';
import { type Ingestion, startIngestion } from '../../src/runtime/ingestion.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

describeEachDatabase('the bundled sample data', (database) => {
  let harness: Harness;
  let ingestion: Ingestion;
  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, parserRegistry, { contextProviders: contextProvidersFor(harness.db), onError: () => undefined });
    await ingestion.startWorker();
  });
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
  });

  const ingestSample = async () => ingestInputs(ingestion.deps, (await readInputs([BUNDLED_SAMPLE_DIR])).files, { pollMs: 100 });
  const eventCount = async () => (await harness.db.query<{ n: number }>('select count(*)::int8 as n from es_events')).rows[0]?.n;

  it('ingests every file of every format with no rejection', async () => {
    const summary = await ingestSample();
    expect(summary.rejections).toEqual([]);
    expect(summary).toMatchObject({ files: 75, parsed: 75, rejected: 0, failed: 0 });
    await harness.project();
    expect(await getCompany(harness.db, companyIdFromIsin('INE002A01018'))).toMatchObject({ nse_symbol: 'RELIANCE', isin: 'INE002A01018' });
    const [revenue] = await listFacts(harness.db, { companyId: companyIdFromIsin('INE467B01029'), concepts: ['Revenue'], period: 'annual', basis: 'consolidated', limit: 1 });
    expect(revenue).toMatchObject({ value: '2408930000000', period: { fiscal_year: 2024 } });
  });

  it('appends zero events when the same folder is ingested again', async () => {
    const before = await eventCount();
    const summary = await ingestSample();
    expect(summary).toMatchObject({ files: 75, stored: 0, alreadyStored: 75, unchanged: 75, events: 0 });
    expect(await eventCount()).toBe(before);
  });
});
