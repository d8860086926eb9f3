// npm run ingest -- <file|folder|zip>... [--known-at ISO] [--trust-names] [--reparse]
// npm run ingest -- --watch <folder>
// Stores every file, parses it through the job queue and prints a summary; the exit
// status is the number of files rejected (0 when all were used). See docs/ingestion.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '#platform/config';
import { lowerPriority } from '#platform/process';
import { DataDirBusyError } from '#platform/errors';
import { ingestInputs } from '#ingest/pipeline';
import { readInputs } from '#ingest/sources';
import { watchFolder } from '#ingest/watch-folder';
import { openIngestRuntime } from '#runtime/ingest-runtime';
import { handOff } from './hand-off.ts';
import { createProgressBar, exitCodeOf, printSummary } from './report.ts';

const USAGE = `usage: npm run ingest -- <file|folder|zip>... [--known-at <ISO time>] [--trust-names] [--reparse]
       npm run ingest -- --watch <folder>`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'known-at': { type: 'string' },
    'trust-names': { type: 'boolean', default: false },
    reparse: { type: 'boolean', default: false },
    watch: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
const knownAt = values['known-at'];
if (values.help || (positionals.length === 0 && !values.watch) || (knownAt && Number.isNaN(Date.parse(knownAt)))) {
  console.error(knownAt && Number.isNaN(Date.parse(knownAt)) ? `--known-at: not a time: ${knownAt}\n${USAGE}` : USAGE);
  process.exit(values.help ? 0 : 2);
}
const options = {
  reparse: values.reparse,
  ...(knownAt ? { knownAt: new Date(knownAt).toISOString() } : {}),
  trustFileNames: values['trust-names'],
  source: 'cli',
};

const config = loadConfig(process.env);
if (config.ingestNice > 0) lowerPriority(config.ingestNice);
const runtime = await openIngestRuntime(config).catch(async (error: unknown) => {
  if (!(error instanceof DataDirBusyError) || values.watch) throw error;
  const { inbox, skipped } = await handOff(positionals, config.dataDir);
  for (const problem of skipped) console.log(`input ${problem.where}: ${problem.message}`);
  console.log(`the service (process ${error.ownerPid}) holds ${config.dataDir}: handed the files to it in ${inbox}`);
  // The inbox takes files only: a time the operator states must travel as a known-at.json beside them.
  if (knownAt || values['trust-names']) {
    console.error('--known-at and --trust-names do not reach the service: state the times in a known-at.json beside the files');
  }
  process.exit(0);
});

async function ingest(paths: readonly string[]) {
  // A watched folder's files are handed over as found: a link among them is skipped too.
  const { files, problems } = await readInputs(paths, { limits: config.ingestLimits, ...(values.watch ? { within: values.watch } : {}) });
  const progress = createProgressBar();
  const summary = await ingestInputs(runtime.ingestion.deps, files, { ...options, onProgress: (p) => progress.update(p) });
  progress.stop();
  await runtime.project();
  const result = { ...summary, inputProblems: [...problems, ...summary.inputProblems] };
  printSummary(result);
  return result;
}

if (values.watch) {
  const watch = watchFolder(values.watch, async (paths) => void (await ingest(paths)), {
    onError: (error) => console.error(error),
  });
  console.error(`watching ${values.watch} (Ctrl-C to stop)`);
  const stop = () =>
    void watch
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  // A bad file is a rejection or an input problem in the summary; what ends up here is the
  // database or the queue failing, said in one line rather than a stack.
  const summary = await ingest(positionals).catch((error: unknown) => {
    console.error(`ingest failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  await runtime.close().catch(() => undefined);
  process.exit(summary ? exitCodeOf(summary) : 1);
}
