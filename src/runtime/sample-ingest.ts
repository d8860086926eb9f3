import type { Logger } from 'pino';
import type { PendingDocuments } from '#schemas/api';
import { type Database, type SqlExecutor, finishStep, readStep, recordStep } from '#platform/db';
import { type IngestSummary, anyDocumentStored } from '#ingest/pipeline';
import type { PendingJobs } from '#ingest/jobs';
import { countPendingJobs } from '#ingest/bus';
import { countDeadLetteredDocuments } from '#runtime/dead-lettered-documents';

/** The service step (table service_steps) of ingesting the bundled sample on the first start. */
export const SAMPLE_STEP = 'sample-ingest';

/**
 * Where the sample ingest stands, for /health: a run receiving its next files has no job
 * queued for a moment, so the queue alone would say the store had settled mid-way.
 */
export async function sampleIngestState(db: SqlExecutor): Promise<PendingDocuments['sample']> {
  const step = await readStep(db, SAMPLE_STEP);
  if (!step) return 'none';
  return step.finishedAt === null ? 'ingesting' : 'done';
}

/**
 * What /health reports of ingestion: the bus's unsettled jobs (pg-boss's by default), the
 * sample ingest, and the documents left rejected by a dead letter.
 */
export async function pendingDocuments(
  db: SqlExecutor,
  countPending: () => Promise<PendingJobs> = () => countPendingJobs(db),
): Promise<PendingDocuments> {
  return { ...(await countPending()), sample: await sampleIngestState(db), deadLettered: await countDeadLetteredDocuments(db) };
}

/**
 * Whether the sample is still to be ingested. The step's record decides: begun but not
 * finished means a start was killed mid-way, and this start completes it. Without a record
 * (the first start, or the first since the record existed), the store decides once, and
 * the answer is recorded: an empty store gets the sample; one holding documents (from
 * `npm run ingest`, or a sample ingested before the record existed) is left as it is.
 */
export async function sampleStillToIngest(db: Database): Promise<boolean> {
  const known = await readStep(db, SAMPLE_STEP);
  if (known) return known.finishedAt === null;
  const record = (await anyDocumentStored(db))
    ? await recordStep(db, SAMPLE_STEP, { finished: true, outcome: { skipped: 'the store held documents at its first start' } })
    : await recordStep(db, SAMPLE_STEP);
  return record.finishedAt === null;
}

/**
 * Runs the sample ingest and records the step finished once every file has an outcome. A
 * run cut short (the service stopping, a job dead-lettered, an error) leaves it unfinished,
 * so the next start runs it again: files already stored are recognised by their checksum
 * and documents already parsed keep their outcome, so only what is missing is done.
 */
export async function ingestSample(db: Database, ingest: () => Promise<IngestSummary>, logger: Logger, signal: AbortSignal): Promise<void> {
  try {
    const { files, parsed, rejected, failed } = await ingest();
    if (signal.aborted) return;
    if (failed > 0) {
      logger.warn({ failed }, 'sample ingestion left documents unparsed; the next start tries them again');
      return;
    }
    await finishStep(db, SAMPLE_STEP, { files, parsed, rejected });
  } catch (error) {
    if (!signal.aborted) logger.error({ err: error }, 'sample ingestion failed; the next start tries again');
  }
}
