// npm run reparse -- [--format <format>] [--outdated] [<document sha256>...]
// Parses stored documents again, e.g. after a parser fix; unchanged parsers append nothing.
// --outdated: only documents last parsed by an older parser version (the upgrade step).
import { parseArgs } from 'node:util';
import { loadConfig } from '#platform/config';
import { reparseStored, outdatedDocuments, listRawDocuments } from '#ingest/pipeline';
import { openIngestRuntime } from '#runtime/ingest-runtime';
import { databaseOpenFailure } from '#runtime/database-open-failure';
import { createProgressBar, exitCodeOf, printSummary } from './report.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string' }, outdated: { type: 'boolean' } },
});
const config = loadConfig(process.env);
const runtime = await openIngestRuntime(config).catch((error: unknown) => {
  // A folder the service holds, or a server out of reach, is said in one line; any other failure is a fault, with its stack.
  const why = databaseOpenFailure(error, config, 'stored documents are parsed again only with the service stopped.');
  if (why === undefined) throw error;
  console.error(`npm run reparse: ${why}`);
  process.exit(1);
});
const outdated = values.outdated ? await outdatedDocuments(runtime.db, runtime.ingestion.deps.parsers) : [];
const named = positionals.length > 0 ? positionals : undefined;
const documents = await listRawDocuments(runtime.db, {
  format: values.format,
  documentIds: values.outdated ? (named ?? outdated).filter((id) => outdated.includes(id)) : named,
});
const progress = createProgressBar();
const summary = await reparseStored(runtime.ingestion.deps, documents, { source: 'reparse', onProgress: (p) => progress.update(p) });
progress.stop();
await runtime.project();
printSummary(summary);
await runtime.close();
process.exit(exitCodeOf(summary));
