import type { OutcomeReport, BatchHandler, IngestJob } from '#ingest/jobs';

/** What one job's run came to: its outcome, or the error its handler threw. */
export type JobResult = { readonly ok: true; readonly outcome: OutcomeReport } | { readonly ok: false; readonly error: Error };

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Runs a batch; when it throws (or answers a wrong number of outcomes), its jobs one by
 * one, so only the job that fails is retried, never the documents that shared its batch.
 * Parsing a document twice this way appends nothing twice: its events have deterministic ids.
 */
export async function runBatch(handler: BatchHandler, jobs: readonly IngestJob[]): Promise<JobResult[]> {
  try {
    const outcomes = await handler(jobs);
    if (outcomes.length !== jobs.length) throw new Error(`${outcomes.length} outcomes for ${jobs.length} jobs`);
    return outcomes.map((outcome) => ({ ok: true, outcome }));
  } catch (error) {
    if (jobs.length === 1) return [{ ok: false, error: asError(error) }];
  }
  const results: JobResult[] = [];
  for (const job of jobs) {
    const [result] = await runBatch(handler, [job]);
    results.push(result ?? { ok: false, error: new Error('no result') });
  }
  return results;
}
