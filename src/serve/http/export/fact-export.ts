import { Readable } from 'node:stream';
import { type FactSelection, factLinePages, factPages } from '#projections/facts';
import type { Fact } from '#schemas/read-models';
import type { ExportFormat } from '#schemas/api';
import type { SqlExecutor } from '#platform/db';
import type { DecimalColumnType } from '#platform/parquet';
import { FACT_CSV_HEADER, factCsvRows } from './fact-csv.ts';
import { factParquet } from './fact-parquet.ts';
import { factNdjsonLines } from './fact-ndjson.ts';
import { concatAhead } from './concat-ahead.ts';
import { readAhead } from './read-ahead.ts';

/** What one export sends: the companies in order, what to select of each, the format, and how it reads. */
export interface FactExport {
  readonly companyIds: readonly string[];
  readonly selection: Omit<FactSelection, 'companyId'>;
  readonly format: ExportFormat;
  readonly pageSize: number;
  /** Companies read at once (the one being sent included), each on a connection of its own where the database has several. */
  readonly companiesAhead: number;
  /** For Parquet: the type of the value column, holding every value the export may send (`factValueType`). */
  readonly parquetValue?: DecimalColumnType | undefined;
  /** For Parquet: facts per row group (`DEFAULT_ROW_GROUP_ROWS` when absent). */
  readonly parquetRowGroupRows?: number | undefined;
}

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  parquet: 'application/vnd.apache.parquet',
};

async function* written<T>(pages: AsyncIterable<T[]>, write: (page: T[]) => string): AsyncGenerator<string, void, undefined> {
  for await (const page of pages) yield write(page);
}

/**
 * One company's export, page by page as text. NDJSON is read as JSON text written by the
 * database (`factLinePages`), CSV as facts (`factPages`).
 */
function companyChunks(db: SqlExecutor, plan: FactExport, companyId: string): AsyncGenerator<string, void, undefined> {
  const selection = { ...plan.selection, companyId };
  return plan.format === 'ndjson'
    ? written(factLinePages(db, selection, plan.pageSize), factNdjsonLines)
    : written(factPages(db, selection, plan.pageSize), factCsvRows);
}

/** Every company's facts in turn, as pages, each company read ahead as for text. */
function factPagesOf(db: SqlExecutor, plan: FactExport): AsyncGenerator<Fact[], void, undefined> {
  const companies = plan.companyIds.map((companyId) => readAhead(factPages(db, { ...plan.selection, companyId }, plan.pageSize)));
  return concatAhead(companies, plan.companiesAhead);
}

async function* chunksOf(db: SqlExecutor, plan: FactExport): AsyncGenerator<string | Uint8Array, void, undefined> {
  if (plan.format === 'parquet') {
    // A row group is written as soon as it is full: the footer, which Parquet keeps at the end, comes last.
    yield* factParquet(factPagesOf(db, plan), plan.parquetValue ?? 'text', { rowGroupRows: plan.parquetRowGroupRows });
    return;
  }
  if (plan.format === 'csv') yield FACT_CSV_HEADER;
  // Each company's pages one ahead; the next companies' first pages while this one is sent.
  const companies = plan.companyIds.map((companyId) => readAhead(companyChunks(db, plan, companyId)));
  yield* concatAhead(companies, plan.companiesAhead);
}

/**
 * The export as a byte stream, read from the database a page at a time as the client takes
 * it: the stream asks for the next page only while less than `highWaterMark` bytes wait to
 * be written, so a slow client slows the reads, and a client that goes away (the stream is
 * destroyed) ends them after the page in flight. A failure after the first bytes ends the
 * response without its last chunk, so the client sees the transfer cut, never a short
 * answer that looks complete.
 */
export function factExportStream(db: SqlExecutor, plan: FactExport): Readable {
  return Readable.from(chunksOf(db, plan), { objectMode: false, highWaterMark: 1 << 16 });
}
