/**
 * `npm run bench:transactions`: how long each projection transaction holds embedded PGlite's one
 * connection (an API read waits for it) while the bundled sample is ingested into a new data
 * folder and projected, as `npm run ingest -- sample-data` does: the companies projection between
 * the ingest's priority groups, then every projection. Prints, per run, each projection's
 * transactions and its longest ones, by wall time and by the process's CPU time meanwhile
 * (which other work on the machine hardly changes); with --show, the companies projection's
 * longest transactions statement by statement (the rest of a transaction's time is its
 * JavaScript).
 *
 * Flags: --runs N (default 1), --show N (companies transactions shown, default 0),
 * --in-order (statements in the order run, not by time).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECTIONS } from '#projections';
import { ingestInputs } from '#ingest/pipeline';
import { readInputs } from '#ingest/sources';
import { BUNDLED_SAMPLE_DIR, loadConfig } from '#platform/config';
import type { SqlExecutor } from '#platform/db';
import { openIngestRuntime } from '#runtime/ingest-runtime';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    show: { type: 'string', default: '0' },
    'in-order': { type: 'boolean', default: false },
  },
});

interface Timed {
  /** The projection whose work the transaction held (`<name> (resume)` for a later part of a batch); `other` for ingestion's own. */
  projection: string;
  ms: number;
  /** The process's CPU time meanwhile (all its threads): the transaction's own work, whatever else the machine runs. */
  cpuMs: number;
  events: number;
  statements: Array<{ ms: number; sql: string }>;
}

let current: Timed | undefined;

/** The executor, each statement timed into the current transaction's entry. */
const timedExecutor = (tx: SqlExecutor): SqlExecutor => ({
  transaction: (fn) => tx.transaction(fn),
  async query(text, params) {
    const start = performance.now();
    try {
      return await tx.query(text, params);
    } finally {
      current?.statements.push({ ms: performance.now() - start, sql: text.replace(/\s+/g, ' ').slice(0, 140) });
    }
  },
});

/** Labels each transaction with the projection whose evolve or resume ran in it. */
function labelProjections(): void {
  for (const projection of PROJECTIONS) {
    const evolve = projection.evolve.bind(projection);
    (projection as { evolve: typeof projection.evolve }).evolve = async (tx, events, prepared) => {
      if (current) Object.assign(current, { projection: projection.name, events: events.length });
      return evolve(timedExecutor(tx), events, prepared);
    };
    const resume = projection.resume?.bind(projection);
    if (resume) {
      (projection as { resume: typeof resume }).resume = async (tx) => {
        if (current) current.projection = `${projection.name} (resume)`;
        return resume(timedExecutor(tx));
      };
    }
  }
}

async function run(): Promise<Timed[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imd-bench-transactions-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const runtime = await openIngestRuntime(config);
  const timed: Timed[] = [];
  const db = runtime.db as { transaction: SqlExecutor['transaction'] };
  const transaction = db.transaction.bind(db);
  db.transaction = async (fn) => {
    const entry: Timed = { projection: 'other', ms: 0, cpuMs: 0, events: 0, statements: [] };
    current = entry;
    const start = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await transaction(fn);
    } finally {
      entry.ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      entry.cpuMs = (used.user + used.system) / 1000;
      current = undefined;
      timed.push(entry);
    }
  };
  try {
    const { files } = await readInputs([BUNDLED_SAMPLE_DIR], { limits: config.ingestLimits });
    await ingestInputs(runtime.ingestion.deps, files, { source: 'sample' });
    await runtime.project();
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return timed;
}

function report(timed: readonly Timed[]): void {
  const byProjection = new Map<string, Timed[]>();
  for (const t of timed) byProjection.set(t.projection, [...(byProjection.get(t.projection) ?? []), t]);
  for (const [name, list] of byProjection) {
    const longest = [...list].sort((a, b) => b.ms - a.ms).slice(0, 5);
    const total = list.reduce((sum, t) => sum + t.ms, 0);
    const shown = longest
      .map((t) => `${t.ms.toFixed(0)} ms (CPU ${t.cpuMs.toFixed(0)}; ${t.events} events, ${t.statements.length} statements)`)
      .join(', ');
    console.log(`  ${name}: ${list.length} transactions, ${total.toFixed(0)} ms in all; longest ${shown}`);
  }
  const companies = timed.filter((t) => t.projection.startsWith('companies')).sort((a, b) => b.ms - a.ms);
  for (const t of companies.slice(0, Number(values.show))) {
    console.log(
      `\n  companies transaction of ${t.ms.toFixed(0)} ms (CPU ${t.cpuMs.toFixed(0)}), ${t.events} events, ${t.statements.length} statements:`,
    );
    const statements = values['in-order'] ? t.statements : [...t.statements].sort((a, b) => b.ms - a.ms).slice(0, 12);
    for (const s of statements) console.log(`    ${s.ms.toFixed(1).padStart(8)}  ${s.sql}`);
    console.log(`    statements ${t.statements.reduce((sum, s) => sum + s.ms, 0).toFixed(0)} ms in all`);
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

labelProjections();
for (let i = 1; i <= Number(values.runs); i++) {
  const before = load();
  const timed = await run();
  console.log(`run ${i} (load average ${before} before, ${load()} after):`);
  report(timed);
}
