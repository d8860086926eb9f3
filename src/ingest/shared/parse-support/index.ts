// src/ingest/shared/parse-support: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { cellOf, type ColumnIndex, type ColumnSpec, indexColumns, missingColumnsReason } from './column-index.ts';
export type { CsvRow } from './csv-row.ts';
export { detectJsonKeys } from './detect-json-keys.ts';
export type { FileEvents } from './file-events.ts';
export { hasColumns, headerCells, normaliseHeaderCell } from './header-cells.ts';
export type { ParseContext } from './parse-context.ts';
export { rowsOutcome, runOutcome } from './parse-outcome.ts';
export { type CsvEnd, type CsvRecord, csvRecordBatches, csvTextBatches } from './read-csv-records.ts';
export { type CsvTable, decodeText, readCsvTable } from './read-csv-table.ts';
export { readRows } from './read-rows.ts';
export { createRecordCsvParser } from './record-csv-parser.ts';
export { createRecordJsonParser } from './record-json-parser.ts';
export { rowProblem, type RowResult } from './row-result.ts';
export { emitChecked } from './validate-event-data.ts';
