// src/platform/parquet: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { columnsOfSchema } from './columns-of-schema.ts';
export { type DecimalColumnType, decimalTypeOf, digitsOf } from './decimal-type.ts';
export { type ParquetChunkOptions, parquetChunks } from './parquet-chunks.ts';
export type { ParquetColumn, TypedColumn } from './parquet-column.ts';
export { writeParquetFile } from './write-parquet-file.ts';
