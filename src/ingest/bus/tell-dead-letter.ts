import type { DeadLetterHandler, IngestJob } from '#ingest/jobs';

/**
 * Tells `onDeadLetter` of a job that failed for good, and settles nothing itself: the bus
 * settles the job after, whatever the handler did. A handler that throws (the database that
 * failed the job may fail its rejection too) is reported, never left to stop a worker.
 */
export async function tellDeadLetter(
  onDeadLetter: DeadLetterHandler | undefined,
  job: IngestJob,
  error: Error,
  onError: (error: Error) => void = () => undefined,
): Promise<void> {
  try {
    await onDeadLetter?.(job, error);
  } catch (failure) {
    onError(failure instanceof Error ? failure : new Error(String(failure)));
  }
}
