import { z } from 'zod';
import { ProjectionStatusSchema } from '#schemas/read-models';
import { SyncHealthSchema } from './sync-status.ts';

export const PendingDocumentsSchema = z
  .object({
    queued: z.number().int().describe('Documents waiting to be parsed: new, or to be tried again after a failure'),
    inFlight: z.number().int().describe('Documents a worker is parsing now (or was, until its lease lapses, if it died)'),
    sample: z
      .enum(['done', 'ingesting', 'none'])
      .describe(
        "The first start's ingest of the bundled sample: done (or not needed, the store held documents); ingesting, also while a start killed mid-way waits for the next to complete it; none when no start has asked for it",
      ),
    deadLettered: z
      .number()
      .int()
      .describe(
        'Documents whose parse failed every attempt (dead letters), recorded rejected with the last error; one parsed again successfully stops counting',
      ),
  })
  .describe(
    'Ingestion not settled, or settled by a dead letter: the job queue, the sample ingest and the dead-lettered documents (counted at most once a second)',
  );
export type PendingDocuments = z.infer<typeof PendingDocumentsSchema>;

export const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .describe(
        'ok: every projection is live and error-free, no document is queued, being parsed or dead-lettered, and the sample ingest is not under way; degraded: some projections are rebuilding, behind or failing, or documents are still queued, being parsed, (the sample) being received, or were dead-lettered (documents.deadLettered)',
      ),
    database: z.enum(['pglite', 'postgres']),
    projections: z.array(ProjectionStatusSchema),
    documents: PendingDocumentsSchema,
    sync: SyncHealthSchema.describe(
      'The exchange connectors: each dataset followed or ever synced, with its last successful sync and lag behind its schedule (does not affect status)',
    ),
  })
  .describe('Service health, looked up at most once a second');
export type Health = z.infer<typeof HealthSchema>;

export const ProblemSchema = z.object({ detail: z.string() }).describe('An error, worded for a person');
