import { Readable } from 'node:stream';
import { type FactSelection, factPages } from '../../../../projections/facts/fact-pages.ts';
import type { ExportFormat } from '../../../../schemas/api/financials-export.ts';
import type { Fact } from '../../../../schemas/read-models/fact.ts';
import type { SqlExecutor } from '../../../platform/db/db.ts';
import { FACT_CSV_HEADER, factCsvRows } from './fact-csv.ts';
import { factNdjsonLines } from './fact-ndjson.ts';
import { readAhead } from './read-ahead.ts';

/** What one export sends: the companies in order, what to select of each, the format and the page size. */
export interface FactExport {
  readonly companyIds: readonly string[];
  readonly selection: Omit<FactSelection, 'companyId'>;
  readonly format: ExportFormat;
  readonly pageSize: number;
}

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
};

const WRITERS: Readonly<Record<ExportFormat, (facts: readonly Fact[]) => string>> = { ndjson: factNdjsonLines, csv: factCsvRows };

async function* pagesOf(db: SqlExecutor, plan: FactExport): AsyncGenerator<Fact[], void, undefined> {
  for (const companyId of plan.companyIds) yield* factPages(db, { ...plan.selection, companyId }, plan.pageSize);
}

async function* chunksOf(db: SqlExecutor, plan: FactExport): AsyncGenerator<string, void, undefined> {
  if (plan.format === 'csv') yield FACT_CSV_HEADER;
  const write = WRITERS[plan.format];
  for await (const page of readAhead(pagesOf(db, plan))) yield write(page);
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
