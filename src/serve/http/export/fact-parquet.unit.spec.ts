import { describe, expect, it } from 'vitest';
import { FACT_CSV_COLUMNS } from './fact-csv.ts';
import { FACT_PARQUET_COLUMNS, factParquetColumns } from './fact-parquet.ts';

describe('the Parquet columns of a fact', () => {
  it('are the CSV columns, in their order, each typed by the fact schema', () => {
    expect(FACT_PARQUET_COLUMNS.map((c) => c.name)).toEqual(FACT_CSV_COLUMNS.map((c) => c.name));
    const kinds = Object.fromEntries(FACT_PARQUET_COLUMNS.map((c) => [c.name, c.kind]));
    expect(kinds).toMatchObject({
      'company.id': 'text',
      'period.start': 'date',
      'period.end': 'date',
      'period.fiscal_year': 'integer',
      value: 'decimal',
      decimals: 'integer',
      known_at: 'timestamp',
      recorded_at: 'timestamp',
    });
    expect(Object.values(kinds)).not.toContain('json');
  });

  it('type value as they are told', () => {
    const value = factParquetColumns({ precision: 16, scale: 2 }).find((c) => c.name === 'value');
    expect(value?.decimal).toEqual({ precision: 16, scale: 2 });
  });
});
