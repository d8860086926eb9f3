import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type DecimalBound, decimalTypeOf, digitsOf, NO_DIGITS, widest } from './decimal-type.ts';
import { type ParquetColumn, type TypedColumn, typeNameOf } from './parquet-column.ts';
import { type ParquetChunkOptions, DEFAULT_ROW_GROUP_ROWS, parquetChunks } from './parquet-chunks.ts';

/** What a written file holds: its rows, its size, its SHA-256 (hex) and its columns' types. */
export interface WrittenParquet {
  readonly rows: number;
  readonly bytes: number;
  readonly sha256: string;
  readonly columns: { readonly name: string; readonly type: string }[];
}

type Cells = unknown[];

/**
 * Pass one: each row's cells as a JSON line in `spool`, and the digits every decimal column's
 * values need. The stream is awaited when full, so the rows held are one page's.
 */
async function spoolRows<R>(
  spool: string,
  columns: readonly ParquetColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
): Promise<{ rows: number; bounds: DecimalBound[] }> {
  const out = createWriteStream(spool);
  const bounds = columns.map(() => NO_DIGITS);
  let rows = 0;
  try {
    for await (const page of pages) {
      let text = '';
      for (const row of page) {
        const cells = columns.map((column, i) => {
          const value = column.read(row) ?? null;
          if (column.kind === 'decimal' && typeof value === 'string') bounds[i] = widest(bounds[i] ?? NO_DIGITS, digitsOf(value));
          return value;
        });
        text += `${JSON.stringify(cells)}\n`;
        rows += 1;
      }
      if (!out.write(text)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { rows, bounds };
}

/** The spooled rows again, in pages of `size`. */
async function* spooledPages(spool: string, size: number): AsyncGenerator<Cells[], void, undefined> {
  const lines = createInterface({ input: createReadStream(spool), crlfDelay: Infinity });
  let page: Cells[] = [];
  for await (const line of lines) {
    page.push(JSON.parse(line) as Cells);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/**
 * Writes `pages` as the Parquet file `file`, in bounded memory, with every decimal column as
 * narrow as its values allow: DECIMAL(p, s) with p and s the most digits any value of the file
 * needs before and after the point, exactly (text past 38 digits). Those are known only once
 * every row is read, and Parquet writes a column's type before its first row group, so the
 * rows are read once into a spool file beside `file` (a JSON line each), then written from it
 * a row group at a time. The file appears whole: it is written beside its name and renamed.
 */
export async function writeParquetFile<R>(
  file: string,
  columns: readonly ParquetColumn<R>[],
  pages: AsyncIterable<readonly R[]>,
  options: ParquetChunkOptions = {},
): Promise<WrittenParquet> {
  const spool = `${file}.rows.tmp`;
  const partial = `${file}.tmp`;
  try {
    const { rows, bounds } = await spoolRows(spool, columns, pages);
    const typed: TypedColumn<Cells>[] = columns.map((column, i) => ({
      name: column.name,
      kind: column.kind,
      read: (cells) => cells[i],
      ...(column.kind === 'decimal' ? { decimal: decimalTypeOf(bounds[i] ?? NO_DIGITS) } : {}),
    }));
    const rowGroupRows = options.rowGroupRows ?? DEFAULT_ROW_GROUP_ROWS;
    const hash = createHash('sha256');
    let bytes = 0;
    async function* counted() {
      for await (const chunk of parquetChunks(typed, spooledPages(spool, rowGroupRows), { rowGroupRows })) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        yield chunk;
      }
    }
    await pipeline(counted, createWriteStream(partial));
    await rename(partial, file);
    return {
      rows,
      bytes,
      sha256: hash.digest('hex'),
      columns: typed.map((c) => ({ name: c.name, type: typeNameOf(c as TypedColumn<never>) })),
    };
  } finally {
    await rm(spool, { force: true });
    await rm(partial, { force: true });
  }
}
