import type { Database } from '../../platform/db/db.ts';
import { outcomeEventId } from './document-outcome.ts';
import type { IngestQueue } from './ingest-queue.ts';
import type { Problem } from '../shared/parser.ts';
import type { ParserRegistry } from '../formats/parser-registry.ts';
import { listRawDocuments } from './raw-documents.ts';
import { UNKNOWN_FORMAT } from './receive-document.ts';

export interface OutcomeRecord {
  readonly type: 'DocumentParsed' | 'DocumentRejected';
  readonly data: { rows?: number; events?: number; reason?: string; problems?: Problem[] };
  /** Produced by this run (not found from an earlier one). */
  readonly now: boolean;
}

/** A document of a run still being parsed: its job, and the document. */
export interface PendingJob {
  readonly jobId: string;
  readonly documentId: string;
}

export interface RunState {
  readonly outcomes: Map<string, OutcomeRecord>;
  /** outcome event id -> its job, for documents still being parsed */
  readonly pending: Map<string, PendingJob>;
  readonly progress: { total: number; done: number; rows: number; events: number; rejected: number };
  failed: number;
}

export interface OutcomeDeps {
  readonly db: Database;
  readonly parsers: ParserRegistry;
  readonly queue: IngestQueue;
}

export async function existingOutcomes(db: Database, ids: readonly string[], now: boolean) {
  const { rows } = await db.query<{ event_id: string; event_type: OutcomeRecord['type']; data: OutcomeRecord['data'] }>(
    `select event_id::text as event_id, event_type, data from es_events where event_id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row): [string, OutcomeRecord] => [row.event_id, { type: row.event_type, data: row.data, now }]));
}

/**
 * The outcomes of documents whose job completed without the outcome the run expected: an
 * earlier dissemination of the document arrived meanwhile (another run), so it was parsed
 * with that context instead. The outcome of its context now stands for the one expected.
 */
async function outcomesOfNewerContext(deps: OutcomeDeps, jobs: ReadonlyArray<readonly [string, PendingJob]>) {
  const completed = new Set(await deps.queue.completed(jobs.map(([, job]) => job.jobId)));
  const done = jobs.filter(([, job]) => completed.has(job.jobId));
  if (done.length === 0) return new Map<string, OutcomeRecord>();
  const documents = await listRawDocuments(deps.db, { documentIds: done.map(([, job]) => job.documentId) });
  const currentId = new Map(
    documents.map((doc) => {
      const parser = deps.parsers.byFormat(doc.format);
      return [doc.documentId, outcomeEventId(doc.documentId, parser?.format ?? UNKNOWN_FORMAT, parser?.version ?? 1, doc.contextKey)];
    }),
  );
  const found = await existingOutcomes(deps.db, [...currentId.values()], true);
  const resolved = new Map<string, OutcomeRecord>();
  for (const [expected, job] of done) {
    const outcome = found.get(currentId.get(job.documentId) ?? '');
    if (outcome) resolved.set(expected, outcome);
  }
  return resolved;
}

/**
 * How many pending documents one poll asks about. Jobs run roughly in the order they were
 * queued, so the oldest pending are the ones likely done; asking about all of a large run's
 * documents on every poll would send tens of thousands of ids each time.
 */
const POLL_WINDOW = 1000;

function record(run: RunState, id: string, outcome: OutcomeRecord): void {
  run.outcomes.set(id, outcome);
  run.pending.delete(id);
  run.progress.done += 1;
  run.progress.rows += outcome.data.rows ?? 0;
  run.progress.events += outcome.data.events ?? 0;
  if (outcome.type === 'DocumentRejected') run.progress.rejected += 1;
}

/** Polls until every pending document has an outcome event, or its job failed for good. */
export async function waitForOutcomes(
  deps: OutcomeDeps,
  run: RunState,
  options: { readonly pollMs?: number; readonly signal?: AbortSignal; readonly onProgress?: (progress: RunState['progress']) => void },
): Promise<void> {
  const { pending, progress } = run;
  while (pending.size > 0 && !options.signal?.aborted) {
    const window = new Map([...pending].slice(0, POLL_WINDOW));
    for (const [id, outcome] of await existingOutcomes(deps.db, [...window.keys()], true)) record(run, id, outcome);
    let stillPending = [...window].filter(([id]) => pending.has(id));
    const dead = new Set(await deps.queue.failed(stillPending.map(([, job]) => job.jobId)));
    for (const [id, job] of stillPending) {
      if (!dead.has(job.jobId)) continue;
      pending.delete(id);
      run.failed += 1;
      progress.done += 1;
    }
    stillPending = stillPending.filter(([id]) => pending.has(id));
    for (const [id, outcome] of await outcomesOfNewerContext(deps, stillPending)) record(run, id, outcome);
    options.onProgress?.({ ...progress });
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
}
