// projections/shared: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { arrayParams, columnArrays, columnList } from './array-columns.ts';
export type { AsOfParams, Page, PageParams } from './list-params.ts';
export { SOURCE_FILE_COLUMNS, sourceFileRow, type SourceFileRow } from './source-file-columns.ts';
export { holdsExcluded, parseTextQuery, termsMatched, textQueryCtes, textQueryParams } from './text-query.ts';
