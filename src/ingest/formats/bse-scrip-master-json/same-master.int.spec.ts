import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../../../test/support/databases.ts';
import { identitySnapshot } from '../../../../test/support/identity-snapshot.ts';
import { givenIngestion } from '../../../../test/support/ingestion-harness.ts';
import { REPO_ROOT } from '../../../../test/support/parse-input.ts';
import type { SqlExecutor } from '#platform/db/db';

// One database kind is enough to compare two sources; the server when there is one.
const database = TEST_DATABASES[TEST_DATABASES.length - 1];
const CSV = 'ListOfScrips.csv';
const JSON_LIST = 'ListofScripData-constructed-from-ListOfScrips.json';
const KNOWN_AT = '2015-07-13T18:30:00+05:30';

/** The security master, with what names its source document (file name, digest) and when rows were written left out. */
async function masterOf(db: SqlExecutor, file: string) {
  const { companies, identifiers, listings, aliases, anchors, chains, instruments } = await identitySnapshot(db);
  const text = JSON.stringify({ companies, identifiers, listings, aliases, anchors, chains, instruments }, (key, value: unknown) =>
    ['document', 'source_document', 'updated_at', 'recorded_at'].includes(key) ? undefined : value,
  );
  return JSON.parse(text.replaceAll(file, '<list>')) as unknown;
}

describe(`BSE's scrip master as the API's JSON and as the CSV download [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const fromCsv = givenIngestion(database);
  const fromJson = givenIngestion(database);

  beforeAll(async () => {
    const inputs = [
      [fromCsv, path.join(REPO_ROOT, 'fixtures', 'bse-scrip-list', CSV)],
      [fromJson, path.join(REPO_ROOT, 'fixtures', 'bse-scrip-master-json', JSON_LIST)],
    ] as const;
    for (const [service, file] of inputs) {
      const summary = await service.ingest([file], { knownAt: KNOWN_AT });
      expect(summary.rejections).toEqual([]);
      await service.harness.project();
    }
  }, 240_000);

  it('build the same security master from the same 61 scrips', async () => {
    const json = await masterOf(fromJson.harness.db, JSON_LIST);
    expect(json).toEqual(await masterOf(fromCsv.harness.db, CSV));
    expect((json as { companies: unknown[] }).companies).toHaveLength(49);
  });
});
