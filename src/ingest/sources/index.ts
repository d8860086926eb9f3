// src/ingest/sources: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { inboxOf } from './inbox.ts';
export { describeSkipped } from './list-inputs.ts';
export { type InputFile, inputFromBytes, readInputs, type ReadInputsOptions, type Refusal } from './read-inputs.ts';
export { uploadedInputs } from './uploaded-inputs.ts';
export { openArchive } from './zip-archive.ts';
