// src/read/query: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { splitConceptIds } from './fetch-facts.ts';
export { type FilingPassage, findFilingPassages } from './find-passages.ts';
export { createQueryEngine } from './query-engine.ts';
export { type QueryEngine, type QueryRun, runQuery } from './run-query.ts';
export type { StepReport } from './steps.ts';
