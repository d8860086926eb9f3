import path from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FACT_FILINGS } from '#projections/facts/tables';
import { DISSEMINATIONS, DOCUMENTS } from '#projections/filings/tables';
import { PROJECTIONS } from '#projections';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { type InputFile, readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { startIngestion } from '#runtime/ingestion';
import { TEST_DATABASES } from '../support/databases.ts';
import { identitySnapshot } from '../support/identity-snapshot.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { openHarness } from '../support/service-harness.ts';

const sample = (...parts: string[]) => path.join(REPO_ROOT, 'sample-data', ...parts);

/**
 * Reference lists (NSE's master, BSE's lists of 2024 and 2015, the NIFTY lists, each dated
 * by its folder's known-at.json) and files that name companies: two companies' results
 * listings and filings, their shareholding, BSE's corporate actions and announcements, and
 * a filing NSE disseminated twice with identical bytes (ACC Q2 FY24, 27 and 30 Oct 2023)
 * with its listing.
 */
const INPUTS = [
  sample('master'),
  sample('indices'),
  sample('results', 'index', 'acc.json'),
  sample('results', 'index', 'hdfcbank.json'),
  sample('results', 'xbrl', 'acc'),
  sample('results', 'xbrl', 'hdfcbank'),
  sample('shareholding', 'ACC.csv'),
  sample('shareholding', 'HDFCBANK.csv'),
  sample('corporate_actions'),
  sample('announcements', 'BSE_2021-08-21_2021-08-21.csv'),
  path.join(REPO_ROOT, 'test', 'fixtures', 'acc-redissemination'),
];

const REDISSEMINATED = 'bfd170ea0bfafb6e355bf33488b7d99bbef3dcfc566f9aeb05a4cedaf2104000';

// One database kind is enough to show the order does not matter; the server when there is one.
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

/** Ingests the files in the given runs, one after another, into a fresh store; the identity and links that result. */
async function ingestInRuns(runs: readonly (readonly InputFile[])[]) {
  if (!database) throw new Error('no test database');
  const harness = await openHarness(database);
  const ingestion = await startIngestion(harness.db, harness.store, parserRegistry, {
    contextProviders: contextProvidersFor(harness.db),
    onError: () => undefined,
  });
  try {
    await catchUp(harness.db, harness.store, PROJECTIONS);
    await ingestion.startWorker();
    for (const run of runs) {
      const summary = await ingestInputs(ingestion.deps, run, { pollMs: 25 });
      expect(summary.failed).toBe(0);
    }
    await harness.project();
    return {
      ...(await identitySnapshot(harness.db)),
      disseminations: (
        await harness.db.query(`select document_id, file_name, known_at, source_url from ${DISSEMINATIONS} order by 1, 2, 3`)
      ).rows,
      documents: (
        await harness.db.query(`select document_id, known_at, source_url from ${DOCUMENTS} where known_at < received_at order by 1`)
      ).rows,
      factSources: (
        await harness.db.query(`select filing_id, source_sha256, known_at, source_url, is_revision from ${FACT_FILINGS} order by 1`)
      ).rows,
    };
  } finally {
    await ingestion.stop();
    await harness.close();
  }
}

/** Cuts a sequence into runs at the given points. */
function runsOf<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((c) => c % items.length))].sort((a, b) => a - b).filter((c) => c > 0);
  return [0, ...points].map((start, i) => items.slice(start, points[i] ?? items.length));
}

it(`the security master, every dataset's company links and each document's earliest dissemination do not depend on the order files arrive in [${database?.name}]`, async () => {
  const { files } = await readInputs(INPUTS);
  expect(files).toHaveLength(33);
  // Orders are drawn over file names, so each names one file.
  expect(new Set(files.map((f) => f.fileName)).size).toBe(files.length);
  const expected = await ingestInRuns([files]);
  expect(expected.factSources.filter((f) => f.source_sha256 === REDISSEMINATED)).toEqual([
    expect.objectContaining({
      known_at: new Date('2023-10-27T05:12:03.000Z'),
      source_url: expect.stringContaining('INDAS_97991_'),
      is_revision: false,
    }),
  ]);
  expect(expected.disseminations.filter((d) => d.document_id === REDISSEMINATED)).toHaveLength(2);
  expect(expected.companies.length).toBeGreaterThan(2000);
  expect(expected.facts.length).toBeGreaterThan(0);
  expect(expected.corporateActions.filter((a) => a.company_id !== null).length).toBeGreaterThan(400);
  await fc.assert(
    fc.asyncProperty(
      // File names, so that a counterexample reads as the order that broke it.
      fc.shuffledSubarray(
        files.map((f) => f.fileName),
        { minLength: files.length, maxLength: files.length },
      ),
      fc.array(fc.nat(), { minLength: 2, maxLength: 6 }),
      async (order, cuts) => {
        // Each run is a separate ingestion, so a filing may come before its listing or
        // before the lists that name its company, and a BSE list before or after the other.
        const byName = new Map(files.map((f) => [f.fileName, f]));
        const shuffled = order.map((name) => byName.get(name) as InputFile);
        expect(await ingestInRuns(runsOf(shuffled, cuts))).toEqual(expected);
      },
    ),
    { numRuns: 3 },
  );
}, 900_000);
