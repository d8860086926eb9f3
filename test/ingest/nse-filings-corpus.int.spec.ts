import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.ts';
import { FACTS } from '../../projections/facts/tables.ts';
import { DOCUMENTS } from '../../projections/filings/tables.ts';
import { parserRegistry } from '../../src/ingest/all-parsers.ts';
import { ingestInputs } from '../../src/ingest/ingest-inputs.ts';
import { readInputs } from '../../src/ingest/sources/read-inputs.ts';
import { catchUp } from '../../src/projector/catch-up.ts';
import { contextProvidersFor } from '../../src/runtime/context-providers.ts';
import { type Ingestion, startIngestion } from '../../src/runtime/ingestion.ts';
import { TEST_DATABASES } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { describeWithSharedData, SHARED_DATA } from '../support/shared-data.ts';

// The whole corpus once, on the server when there is one (it is the faster of the two).
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

describeWithSharedData(`the whole nse_filings corpus ingests [${database?.name}]`, () => {
  let harness: Harness;
  let ingestion: Ingestion;
  beforeAll(async () => {
    if (!database) throw new Error('no test database');
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    ingestion = await startIngestion(harness.db, harness.store, parserRegistry, { contextProviders: contextProvidersFor(harness.db), onError: () => undefined });
    await ingestion.startWorker({ batchSize: 50 });
  }, 120_000);
  afterAll(async () => {
    await ingestion?.stop();
    await harness?.close();
  });

  it('parses every one of the 3,520 XBRL filings and 71 listings, rejecting none', async () => {
    const { files } = await readInputs([path.join(SHARED_DATA, 'nse_filings')]);
    const summary = await ingestInputs(ingestion.deps, files, { pollMs: 200 });
    expect(summary.rejections).toEqual([]);
    expect(summary).toMatchObject({ files: 3591, parsed: 3591, rejected: 0, failed: 0 });

    await harness.project();
    const statuses = await harness.db.query<{ format: string; status: string; n: number }>(
      `select format, status, count(*)::int as n from ${DOCUMENTS} group by 1, 2 order by 1, 2`,
    );
    expect(statuses.rows).toEqual([
      { format: 'nse-results-listing', status: 'parsed', n: 71 },
      // Three filings were published twice under two names with the same bytes (ACC, BEL and
      // GAIL): stored once, as one document and one filing.
      { format: 'nse-results-xbrl', status: 'parsed', n: 3517 },
    ]);
    const { rows } = await harness.db.query<{ facts: number; filings: number; rows: number }>(
      `select (select count(*)::int from ${FACTS}) as facts,
              (select count(distinct filing_id)::int from ${FACTS}) as filings,
              (select sum((data->>'rows')::int)::int from es_events where event_type = 'DocumentParsed' and data->>'format' = 'nse-results-xbrl') as rows`,
    );
    // Every fact read is a row of the facts table, and every filing has facts.
    expect(rows[0]).toEqual({ facts: rows[0]?.rows, filings: 3517, rows: rows[0]?.rows });
  }, 900_000);
});
