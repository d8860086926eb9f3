import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { type Fact, FactSchema } from '#schemas/read-models/fact';
import { buildApp } from '#serve/http/build-app';
import { FACT_CSV_COLUMNS } from '#serve/http/export/fact-csv';
import { givenApi } from '../support/api-harness.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { canonicalDecimal, queryParquet, readParquet } from '../support/parquet-rows.ts';

// The sample's companies with filed results, as the NDJSON/CSV suite names them.
const TICKERS = ['TCS', 'ACC', 'INE009A01021', 'RELIANCE', 'HDFCBANK', 'BAJFINANCE'];
// Between ACC's Q3 FY25 filing (28 Jan 2025) and its revision (31 Jan 2025).
const AS_OF = '2025-01-29T00:00:00Z';
const EXPORT = '/v1/financials/export';

/** A fact as text cells in the CSV's columns: what DuckDB reads back from the Parquet file (decimals without trailing zeros). */
const cellsOf = (fact: Fact): (string | null)[] =>
  FACT_CSV_COLUMNS.map((column) => {
    const value = column.read(fact);
    if (value === null) return null;
    return column.name === 'value' ? canonicalDecimal(String(value)) : String(value);
  });

describeEachDatabase('GET /v1/financials/export?format=parquet on the sample', (database) => {
  const api = givenApi(database);
  let dir = '';
  // The same service reading pages of 3 facts and writing row groups of 7.
  let small: FastifyInstance | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'imd-export-parquet-'));
    small = buildApp({
      db: api.service.harness.db,
      projections: PROJECTIONS,
      logger: false,
      limits: { perMinute: 100_000, monthly: undefined },
      exportLimits: { pageSize: 3, statementTimeoutMs: 10_000, companiesAhead: 3, parquetRowGroupRows: 7 },
    });
    await small.ready();
  });
  afterAll(async () => {
    await small?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The Parquet export of `query`, saved to a file and read back by DuckDB. */
  async function parquetOf(query: string, name: string) {
    const response = await api.get(`${EXPORT}?${query}&format=parquet`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apache.parquet');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PAR1');
    expect(bytes.subarray(-4).toString('latin1')).toBe('PAR1');
    const file = path.join(dir, `${name}.parquet`);
    await writeFile(file, bytes);
    return readParquet(file);
  }

  const ndjsonOf = async (query: string): Promise<Fact[]> => {
    const response = await api.get(`${EXPORT}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => FactSchema.parse(JSON.parse(line)));
  };

  it('sends the CSV columns in their order, typed, and the rows of the NDJSON and the CSV of the same request', async () => {
    const query = `tickers=${TICKERS.join(',')}&as_of=${AS_OF}`;
    const { columns, rows } = await parquetOf(query, 'all');
    expect(columns.map((c) => c.name)).toEqual(FACT_CSV_COLUMNS.map((c) => c.name));
    const types = Object.fromEntries(columns.map((c) => [c.name, c.type]));
    expect(types['value']).toMatch(/^DECIMAL\(\d+,\d+\)$/);
    expect(types).toMatchObject({
      'period.start': 'DATE',
      'period.end': 'DATE',
      'period.fiscal_year': 'BIGINT',
      known_at: 'TIMESTAMP WITH TIME ZONE',
      recorded_at: 'TIMESTAMP WITH TIME ZONE',
      'company.id': 'VARCHAR',
    });
    const facts = await ndjsonOf(query);
    expect(facts.length).toBeGreaterThan(500);
    // Row for row, in order; decimals compared as exact decimal text, never as floats.
    expect(rows).toEqual(facts.map(cellsOf));
    const csv = await api.get(`${EXPORT}?${query}&format=csv`);
    const csvRows: string[][] = parseCsv(csv.body, { record_delimiter: '\r\n', from_line: 2 });
    const csvCells = csvRows.map((row) =>
      row.map((cell, i) => (cell === '' ? null : FACT_CSV_COLUMNS[i]?.name === 'value' ? canonicalDecimal(cell) : cell)),
    );
    expect(rows).toEqual(csvCells);
    // ACC's Q3 FY25 revenue as filed on 28 January, before its revision, to the rupee.
    const revenue = facts.findIndex(
      (f) =>
        f.company.nse_symbol === 'ACC' &&
        f.concept === 'Revenue' &&
        f.period.end === '2024-12-31' &&
        f.basis === 'consolidated' &&
        f.period.type === 'quarterly',
    );
    expect(rows[revenue]?.[FACT_CSV_COLUMNS.findIndex((c) => c.name === 'value')]).toBe('52072900000');
  });

  it('writes row groups of a bounded size as the pages come: many facts span many, and the same rows come back', async () => {
    const query = `tickers=${TICKERS.join(',')}&as_of=${AS_OF}&period=quarterly`;
    const facts = await ndjsonOf(query);
    const response = await small!.inject({ url: `${EXPORT}?${query}&format=parquet`, headers: { 'x-api-key': api.key } });
    expect(response.statusCode, response.body).toBe(200);
    const file = path.join(dir, 'small-groups.parquet');
    await writeFile(file, response.rawPayload);
    expect((await readParquet(file)).rows).toEqual(facts.map(cellsOf));
    const groups = await queryParquet(
      `select max(row_group_num_rows)::int as most, count(distinct row_group_id)::int as groups from parquet_metadata('${file}')`,
    );
    expect(groups[0]).toEqual({ most: 7, groups: Math.ceil(facts.length / 7) });
  });

  it('sends a valid empty file when nothing matches, and keeps a filtered request to its rows', async () => {
    const none = await parquetOf(`tickers=ACC&as_of=2020-01-01T00:00:00Z`, 'none');
    expect(none.rows).toEqual([]);
    expect(none.columns.map((c) => c.name)).toEqual(FACT_CSV_COLUMNS.map((c) => c.name));
    const query = `tickers=ACC,TCS&concept=Revenue,BasicEarningsPerShare&basis=consolidated&as_of=${AS_OF}`;
    const { rows } = await parquetOf(query, 'filtered');
    expect(rows).toEqual((await ndjsonOf(query)).map(cellsOf));
    expect(rows.length).toBeGreaterThan(0);
  });
});
