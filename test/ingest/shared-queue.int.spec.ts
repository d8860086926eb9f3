import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { ALL_PARSERS } from '#ingest/formats/all-parsers/all-parsers';
import type { ParseInput } from '#ingest/shared/parser';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { createParserRegistry } from '#ingest/formats/parser-registry/parser-registry';
import { readInputs } from '#ingest/sources/read-inputs';
import { catchUp } from '#platform/projector/catch-up';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { describePostgres, type OpenedTestDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { openPgPool } from '#platform/db-engines/pg-pool';

describePostgres('several ingestion workers sharing one queue on the server', (database) => {
  let harness: Harness;
  let second: Awaited<ReturnType<typeof openPgPool>>;
  const workers: Ingestion[] = [];
  const parsedBy = [0, 0];

  /** A worker in its own connection pool (as another process would be) that counts what it parses. */
  async function countingWorker(db: OpenedTestDatabase | Awaited<ReturnType<typeof openPgPool>>, index: number): Promise<Ingestion> {
    const counted =
      <T>(parse: (input: ParseInput) => T) =>
      (input: ParseInput): T => {
        parsedBy[index] = (parsedBy[index] ?? 0) + 1;
        return parse(input);
      };
    // A parse is one call of either: the pipeline asks for the run when a parser offers one.
    const parsers = createParserRegistry(
      ALL_PARSERS.map((parser) => {
        const parseRun = parser.parseRun?.bind(parser);
        return {
          ...parser,
          parse: counted((input) => parser.parse(input)),
          ...(parseRun ? { parseRun: counted(parseRun) } : {}),
        };
      }),
    );
    const ingestion = await startIngestion(db, harness.store, parsers, {
      contextProviders: contextProvidersFor(db),
      onError: () => undefined,
    });
    await ingestion.startWorker({ batchSize: 2 });
    workers.push(ingestion);
    return ingestion;
  }

  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
    second = await openPgPool(harness.db.url ?? '', { max: 4 });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await second?.close();
    await harness?.close();
  });

  it('parses every document exactly once, some in each worker', async () => {
    const first = await countingWorker(harness.db, 0);
    await countingWorker(second, 1);
    const { files } = await readInputs([path.join(REPO_ROOT, 'sample-data')]);
    const summary = await ingestInputs(first.deps, files, { pollMs: 50 });
    expect(summary).toMatchObject({ files: 77, parsed: 77, rejected: 0, failed: 0 });
    expect((parsedBy[0] ?? 0) + (parsedBy[1] ?? 0)).toBe(77);
    expect(parsedBy.every((n) => n > 0)).toBe(true);
  });
});
