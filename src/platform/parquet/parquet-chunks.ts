import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { cellOf, schemaElementOf, type TypedColumn } from './parquet-column.ts';

/**
 * Rows per row group unless told otherwise: the most rows held at once (as cells, one array
 * per column), and a unit DuckDB and Arrow read in parallel and skip by their statistics.
 */
export const DEFAULT_ROW_GROUP_ROWS = 10_000;

/** Written in every file's footer; a constant, so the same rows always make the same bytes. */
const CREATED_BY = 'indian-market-data (hyparquet-writer)';

/** A byte writer whose bytes are taken out after each row group; its `offset` keeps counting the file's bytes. */
class DrainedWriter extends ByteWriter {
  drain(): Uint8Array {
    const bytes = new Uint8Array(this.buffer.slice(0, this.index));
    this.index = 0;
    return bytes;
  }
}

export interface ParquetChunkOptions {
  readonly rowGroupRows?: number | undefined;
}

/**
 * A Parquet file of `rows` (read page by page), as its bytes: the header first, then each
 * row group as soon as it holds `rowGroupRows` rows (or the rows end), then the footer, which
 * Parquet keeps at the end. At most one row group's cells and bytes are held at once, so a
 * consumer that writes each chunk out (a file, a response) holds no more than that however
 * many rows there are. Every column's type is known before the first row group: decimals'
 * precision and scale are the caller's to decide (`TypedColumn.decimal`).
 */
export async function* parquetChunks<R>(
  columns: readonly TypedColumn<R>[],
  rows: AsyncIterable<readonly R[]> | Iterable<readonly R[]>,
  options: ParquetChunkOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  const rowGroupRows = options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
  const writer = new DrainedWriter(1 << 16);
  const schema = [{ name: 'root', num_children: columns.length }, ...columns.map((c) => schemaElementOf(c as TypedColumn<never>))];
  const parquet = new ParquetWriter({ writer, schema, createdBy: CREATED_BY });
  let cells: unknown[][] = columns.map(() => []);
  let held = 0;
  const rowGroup = (): Uint8Array => {
    // One call, one row group: its size is the rows held. No flush hook is set, so this is synchronous.
    void parquet.write({ columnData: columns.map((c, i) => ({ name: c.name, data: cells[i] ?? [] })), rowGroupSize: held });
    cells = columns.map(() => []);
    held = 0;
    return writer.drain();
  };
  yield writer.drain();
  for await (const page of rows) {
    for (const row of page) {
      columns.forEach((column, i) => cells[i]?.push(cellOf(column, column.read(row))));
      held += 1;
      if (held >= rowGroupRows) yield rowGroup();
    }
  }
  if (held > 0) yield rowGroup();
  void parquet.finish();
  yield writer.drain();
}
