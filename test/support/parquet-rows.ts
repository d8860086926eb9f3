import { DuckDBInstance } from '@duckdb/node-api';

/** A Parquet file as DuckDB reads it: each column's type, and every cell as text (null as null). */
export interface ParquetRows {
  readonly columns: { readonly name: string; readonly type: string }[];
  readonly rows: (string | null)[][];
}

/** A decimal's text without trailing zeros after the point ("12.30" and "12.3000" are "12.3", "5.00" is "5"): the value, exactly. */
export const canonicalDecimal = (text: string): string => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/** How a cell is read as text: instants in `toISOString`'s form, decimals without trailing zeros, the rest as DuckDB casts them. */
const textOf = (name: string, type: string): string => {
  const column = `"${name.replaceAll('"', '""')}"`;
  return type.startsWith('TIMESTAMP') ? `strftime(timezone('UTC', ${column}), '%Y-%m-%dT%H:%M:%S.%gZ')` : `${column}::varchar`;
};

/**
 * Reads a Parquet file with DuckDB (`@duckdb/node-api`), a reader independent of the writer:
 * its columns and types as DuckDB sees them, and its rows in file order with every cell as text.
 */
export async function readParquet(file: string, where = 'true'): Promise<ParquetRows> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const source = `read_parquet('${file.replaceAll("'", "''")}')`;
    const described = (await connection.runAndReadAll(`describe select * from ${source}`)).getRowObjectsJson() as {
      column_name: string;
      column_type: string;
    }[];
    const columns = described.map((c) => ({ name: c.column_name, type: c.column_type }));
    const select = columns.map((c) => textOf(c.name, c.type)).join(', ');
    const read = await connection.runAndReadAll(`select ${select} from ${source} where ${where}`);
    const rows = (read.getRowsJson() as (string | null)[][]).map((row) =>
      row.map((cell, i) => (cell !== null && columns[i]?.type.startsWith('DECIMAL') ? canonicalDecimal(cell) : cell)),
    );
    return { columns, rows };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** One query's rows over a file, as DuckDB gives them (`getRowObjectsJson`): for checks a cell read cannot make. */
export async function queryParquet(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
