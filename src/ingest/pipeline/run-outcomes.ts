import type { Database } from '#platform/db';
import type { OutcomeReport, IngestBus, JobSettlement } from '#ingest/jobs';
import type { Problem } from '#ingest/shared/parser';

export interface OutcomeRecord {
  readonly type: OutcomeReport['type'];
  readonly data: { rows?: number; events?: number; reason?: string; problems?: Problem[] };
  /** Produced by this run (not found from an earlier one). */
  readonly now: boolean;
}

export interface RunState {
  readonly outcomes: Map<string, OutcomeRecord>;
  /** job id -> the outcome event id the run expects of it, for documents still being parsed */
  readonly pending: Map<string, string>;
  readonly progress: { total: number; done: number; rows: number; events: number; rejected: number };
  failed: number;
}

export interface OutcomeDeps {
  readonly db: Database;
  readonly bus: IngestBus;
}

/** The outcome events of the given ids already in the store (documents handled before). */
export async function existingOutcomes(db: Database, ids: readonly string[], now: boolean) {
  const { rows } = await db.query<{ event_id: string; event_type: OutcomeRecord['type']; data: OutcomeRecord['data'] }>(
    `select event_id::text as event_id, event_type, data from es_events where event_id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row): [string, OutcomeRecord] => [row.event_id, { type: row.event_type, data: row.data, now }]));
}

function record(run: RunState, id: string, outcome: OutcomeRecord): void {
  run.outcomes.set(id, outcome);
  run.progress.done += 1;
  run.progress.rows += outcome.data.rows ?? 0;
  run.progress.events += outcome.data.events ?? 0;
  if (outcome.type === 'DocumentRejected') run.progress.rejected += 1;
}

/**
 * What the settled jobs say of their documents. A completed job carries the outcome its
 * worker appended: the one the run expected, or, when an earlier dissemination of the
 * document arrived meanwhile (another run), the outcome of that context, which now stands
 * for the one expected. A job completed without one (by a worker of an earlier version)
 * stands for the outcome expected, read from the store; a failed job is a dead letter.
 */
async function recordSettled(deps: OutcomeDeps, run: RunState, settled: readonly JobSettlement[]): Promise<void> {
  const unreported = settled.flatMap((job) => (job.state === 'completed' && !job.outcome ? [run.pending.get(job.jobId) ?? ''] : []));
  const stored = unreported.length > 0 ? await existingOutcomes(deps.db, unreported, true) : new Map<string, OutcomeRecord>();
  for (const job of settled) {
    const expected = run.pending.get(job.jobId);
    if (expected === undefined) continue;
    run.pending.delete(job.jobId);
    const outcome = job.state === 'completed' ? (job.outcome ? { ...job.outcome, now: true } : stored.get(expected)) : undefined;
    if (outcome) {
      record(run, expected, outcome);
    } else {
      run.failed += 1;
      run.progress.done += 1;
    }
  }
}

/**
 * Waits until every pending document's job has settled, as the queue reports it: its
 * outcome, or its failure for good.
 */
export async function waitForOutcomes(
  deps: OutcomeDeps,
  run: RunState,
  options: { readonly pollMs?: number; readonly signal?: AbortSignal; readonly onProgress?: (progress: RunState['progress']) => void },
): Promise<void> {
  if (run.pending.size === 0) return;
  options.onProgress?.({ ...run.progress });
  await deps.bus.waitFor(
    [...run.pending.keys()],
    async (settled) => {
      await recordSettled(deps, run, settled);
      options.onProgress?.({ ...run.progress });
    },
    { pollMs: options.pollMs, signal: options.signal },
  );
}
