import path from 'node:path';
import { expect, it } from 'vitest';
import { FACTS } from '../../projections/facts/tables.ts';
import { DOCUMENTS } from '../../projections/filings/tables.ts';
import { TEST_DATABASES } from '../support/databases.ts';
import { givenIngestion } from '../support/ingestion-harness.ts';
import { describeWithSharedData, SHARED_DATA } from '../support/shared-data.ts';

// The whole corpus once, on the server when there is one (it is the faster of the two).
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

describeWithSharedData(`the whole nse_filings corpus ingests [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const service = givenIngestion(database, { batchSize: 50 });

  it('parses every one of the 3,520 XBRL filings and 71 listings, rejecting none', async () => {
    const summary = await service.ingest([path.join(SHARED_DATA, 'nse_filings')], { pollMs: 200 });
    expect(summary.rejections).toEqual([]);
    expect(summary).toMatchObject({ files: 3591, parsed: 3591, rejected: 0, failed: 0 });

    await service.harness.project();
    const { db } = service.harness;
    const statuses = await db.query<{ format: string; status: string; n: number }>(
      `select format, status, count(*)::int as n from ${DOCUMENTS} group by 1, 2 order by 1, 2`,
    );
    expect(statuses.rows).toEqual([
      { format: 'nse-results-listing', status: 'parsed', n: 71 },
      // Three filings were published twice under two names with the same bytes (ACC, BEL and
      // GAIL): stored once, as one document and one filing.
      { format: 'nse-results-xbrl', status: 'parsed', n: 3517 },
    ]);
    const { rows } = await db.query<{ facts: number; filings: number; rows: number }>(
      `select (select count(*)::int from ${FACTS}) as facts,
              (select count(distinct filing_id)::int from ${FACTS}) as filings,
              (select sum((data->>'rows')::int)::int from es_events where event_type = 'DocumentParsed' and data->>'format' = 'nse-results-xbrl') as rows`,
    );
    // Every fact read is a row of the facts table, and every filing has facts.
    expect(rows[0]).toEqual({ facts: rows[0]?.rows, filings: 3517, rows: rows[0]?.rows });
  }, 900_000);
});
