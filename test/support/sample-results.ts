import path from 'node:path';
import { expect } from 'vitest';
import type { IngestionHarness } from './ingestion-harness.ts';
import { REPO_ROOT } from './parse-input.ts';

/**
 * Ingests the sample results with the NSE equity master that names their companies, asserts
 * that every file was taken, and projects what they said.
 */
export async function ingestSampleResults(service: IngestionHarness): Promise<void> {
  const summary = await service.ingest([
    path.join(REPO_ROOT, 'sample-data/results'),
    path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv'),
  ]);
  expect(summary).toMatchObject({ rejected: 0, failed: 0 });
  await service.harness.project();
}
