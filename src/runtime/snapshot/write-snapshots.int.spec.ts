import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Fact, FactSchema } from '#schemas/read-models/fact';
import { CandleSchema } from '#schemas/read-models/price';
import { SNAPSHOT_DATASETS, type SnapshotManifest, SnapshotManifestSchema } from '#schemas/read-models/snapshot';
import { givenApi } from '../../../test/support/api-harness.ts';
import { TEST_DATABASES } from '../../../test/support/databases.ts';
import { canonicalDecimal, queryParquet, readParquet } from '../../../test/support/parquet-rows.ts';
import { companiesWithFacts } from '#read/snapshot/snapshot-facts';
import { FACT_CSV_COLUMNS } from '#serve/http/export/fact-csv';
import { endOfIndianDay } from './month-ends.ts';
import type { SnapshotTarget } from './snapshot-arguments.ts';
import { writeSnapshots } from './write-snapshots.ts';

// Between ACC's Q3 FY25 filing (28 Jan 2025) and its revision (31 Jan 2025).
const AS_OF = '2025-01-29T00:00:00.000Z';
const LATER = '2025-02-01T00:00:00.000Z';
const SERVICE = { name: 'indian-market-data', version: 'test' };

/** A fact as text cells in the CSV's columns, decimals without trailing zeros: what DuckDB reads back. */
const cellsOf = (fact: Fact): (string | null)[] =>
  FACT_CSV_COLUMNS.map((column) => {
    const value = column.read(fact);
    if (value === null) return null;
    return column.name === 'value' ? canonicalDecimal(String(value)) : String(value);
  });

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
const sql = (file: string) => `read_parquet('${file}')`;

// One database, the server when there is one: the snapshot reads through the same queries on
// either, and test/e2e/snapshot-command.e2e.spec.ts runs the command on an embedded folder. Five
// snapshots of the sample here take about a minute on each database.
const database = TEST_DATABASES[TEST_DATABASES.length - 1];

describe(`a point-in-time snapshot of the sample as Parquet (npm run snapshot) [${database?.name}]`, () => {
  if (!database) throw new Error('no test database');
  const api = givenApi(database);
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'imd-snapshot-'));
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  // Small pages and row groups, so every dataset is read in many pages and written in many groups.
  const snapshot = (targets: SnapshotTarget[], datasets: readonly (typeof SNAPSHOT_DATASETS)[number][] = SNAPSHOT_DATASETS) =>
    writeSnapshots(api.service.harness.db, targets, {
      datasets,
      adjust: 'all',
      recordedAsOf: new Date().toISOString(),
      service: SERVICE,
      arguments: ['--as-of', 'test'],
      pageSize: 40,
      rowGroupRows: 300,
    });

  let manifest: SnapshotManifest | undefined;
  const dir = () => path.join(root, 'as-of');

  it('writes every dataset, and a manifest whose row counts and SHA-256 are those of its files', async () => {
    [manifest] = await snapshot([{ dir: dir(), asOf: AS_OF }]);
    const written = SnapshotManifestSchema.parse(JSON.parse(await readFile(path.join(dir(), 'manifest.json'), 'utf8')));
    expect(written).toEqual(manifest);
    expect(written).toMatchObject({ as_of: AS_OF, service: SERVICE, datasets: SNAPSHOT_DATASETS, price_adjustment: 'all' });
    expect(written.files.map((f) => f.file)).toEqual(SNAPSHOT_DATASETS.map((d) => `${d}.parquet`));
    for (const file of written.files) {
      const at = path.join(dir(), file.file);
      expect(await sha256(at), file.file).toBe(file.sha256);
      expect((await stat(at)).size).toBe(file.bytes);
      const [counted] = await queryParquet(`select count(*)::int as n from ${sql(at)}`);
      expect(counted?.n, file.file).toBe(file.rows);
      expect(file.rows, file.file).toBeGreaterThan(0);
      const { columns } = await readParquet(at, 'false');
      expect(columns.map((c) => c.name)).toEqual(file.columns.map((c) => c.name));
    }
  }, 300_000);

  it('holds the facts of the NDJSON export of the same companies and as_of, row for row, decimals exact', async () => {
    const companies = await companiesWithFacts(api.service.harness.db, AS_OF);
    const response = await api.get(`/v1/financials/export?tickers=${companies.join(',')}&as_of=${AS_OF}`);
    expect(response.statusCode, response.body).toBe(200);
    const facts = response.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => FactSchema.parse(JSON.parse(line)));
    expect(facts.length).toBeGreaterThan(500);
    const { columns, rows } = await readParquet(path.join(dir(), 'facts.parquet'));
    expect(columns.map((c) => c.name)).toEqual(FACT_CSV_COLUMNS.map((c) => c.name));
    expect(columns.find((c) => c.name === 'value')?.type).toMatch(/^DECIMAL\(\d+,\d+\)$/);
    expect(rows).toEqual(facts.map(cellsOf));
  });

  it('shows nothing knowable only after as_of, in any dataset', async () => {
    const files = ['facts', 'metrics', 'prices', 'shareholding', 'corporate_actions', 'companies'];
    for (const name of files) {
      const file = sql(path.join(dir(), `${name}.parquet`));
      const [latest] = await queryParquet(`select max(known_at) <= '${AS_OF}'::timestamptz as ok, count(known_at)::int as n from ${file}`);
      expect(latest, name).toEqual({ ok: true, n: expect.any(Number) as number });
    }
    const [companies] = await queryParquet(
      `select max(company_known_at) <= '${AS_OF}'::timestamptz as ok from ${sql(path.join(dir(), 'companies.parquet'))}`,
    );
    expect(companies?.ok).toBe(true);
    // ACC's Q3 FY25 revenue as first filed; a snapshot as of after the revision has the restated figure and more facts.
    const [later] = await snapshot([{ dir: path.join(root, 'later'), asOf: LATER }], ['facts']);
    const revenue = async (folder: string) =>
      queryParquet(
        `select value::varchar as value from ${sql(path.join(root, folder, 'facts.parquet'))}
         where "company.nse_symbol" = 'ACC' and concept = 'Revenue' and basis = 'consolidated' and "period.type" = 'quarterly' and "period.end" = '2024-12-31'`,
      );
    expect((await revenue('as-of')).map((r) => canonicalDecimal(String(r['value'])))).toEqual(['52072900000']);
    expect((await revenue('later')).map((r) => canonicalDecimal(String(r['value'])))).toEqual(['59273800000']);
    expect(later?.files[0]?.rows).toBeGreaterThan(manifest?.files.find((f) => f.dataset === 'facts')?.rows ?? Infinity);
  }, 300_000);

  it("holds each security's daily candles as /v1/prices gives them as of then, adjusted", async () => {
    const response = await api.get(
      `/v1/prices?ticker=NSE:RELIANCE&interval=1d&as_of=${AS_OF}&adjust=all&start=2016-01-01T00:00:00Z&limit=5000`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const candles = z.array(CandleSchema).parse(response.json<{ data: unknown }>().data);
    expect(candles.length).toBeGreaterThan(100);
    const rows = await queryParquet(
      `select close::varchar as close, strftime(timezone('UTC', start), '%Y-%m-%dT%H:%M:%S.%gZ') as start
       from ${sql(path.join(dir(), 'prices.parquet'))} where ticker = 'RELIANCE' and start >= '2016-01-01T00:00:00Z'::timestamptz order by start`,
    );
    expect(rows.map((r) => [r['start'], canonicalDecimal(String(r['close']))])).toEqual(
      candles.map((c) => [c.start, canonicalDecimal(c.close)]),
    );
  });

  it('--monthly reuses a file whose rows could not change since the month before, and it is the file that month alone would get', async () => {
    const months = ['2024-11-30', '2024-12-31', '2025-01-31'];
    const manifests = await snapshot(months.map((day) => ({ dir: path.join(root, 'monthly', day), asOf: endOfIndianDay(day) })));
    const facts = manifests.map((m) => m.files.find((f) => f.dataset === 'facts'));
    // Facts were filed in November and January, none in December.
    expect(facts.map((f) => f?.reused_from)).toEqual([null, '../2024-11-30/facts.parquet', null]);
    const december = path.join(root, 'monthly', '2024-12-31');
    const [linked, original] = await Promise.all([
      stat(path.join(december, 'facts.parquet')),
      stat(path.join(root, 'monthly', '2024-11-30', 'facts.parquet')),
    ]);
    expect(linked.ino).toBe(original.ino);
    // Prices of the sample end in 2021: written once, then reused.
    expect(manifests.map((m) => m.files.find((f) => f.dataset === 'prices')?.reused_from)).toEqual([
      null,
      '../2024-11-30/prices.parquet',
      '../2024-12-31/prices.parquet',
    ]);
    // Every file of December, reused or not, is byte for byte what a snapshot of December alone writes.
    const [alone] = await snapshot([{ dir: path.join(root, 'december-alone'), asOf: endOfIndianDay('2024-12-31') }]);
    expect(manifests[1]?.files.map((f) => [f.file, f.sha256])).toEqual(alone?.files.map((f) => [f.file, f.sha256]));
    for (const file of manifests[1]?.files ?? []) expect(await sha256(path.join(december, file.file))).toBe(file.sha256);
  }, 600_000);
});
