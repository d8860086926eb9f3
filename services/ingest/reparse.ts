// npm run reparse -- [--format <format>] [<document sha256>...]
// Parses stored documents again, e.g. after a parser fix; unchanged parsers append nothing.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config.ts';
import { reparseStored } from '../../src/ingest/ingest-inputs.ts';
import { listRawDocuments } from '../../src/ingest/raw-documents.ts';
import { openIngestRuntime } from '../../src/runtime/ingest-runtime.ts';
import { createProgressBar, exitCodeOf, printSummary } from './report.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { format: { type: 'string' } } });
const runtime = await openIngestRuntime(loadConfig(process.env));
const documents = await listRawDocuments(runtime.db, {
  format: values.format,
  documentIds: positionals.length > 0 ? positionals : undefined,
});
const progress = createProgressBar();
const summary = await reparseStored(runtime.ingestion.deps, documents, { source: 'reparse', onProgress: (p) => progress.update(p) });
progress.stop();
await runtime.project();
printSummary(summary);
await runtime.close();
process.exit(exitCodeOf(summary));
