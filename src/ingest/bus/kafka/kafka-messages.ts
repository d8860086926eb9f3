import { z } from 'zod';
import { OutcomeReportSchema, type JobSettlement, type QueuedJob } from '#ingest/jobs';
import type { KafkaRecord } from './kafka-link.ts';

/** A job on the topic: a reference to a stored document, never its bytes. */
export const JobMessageSchema = z.object({
  jobId: z.uuid(),
  documentId: z.string().min(1),
  format: z.string().min(1).optional(),
  priority: z.number().int(),
  key: z.string().min(1).optional(),
});
export type JobMessage = z.infer<typeof JobMessageSchema>;

/** What became of a job, on the settlements topic, for whoever waits for it in any process. */
export const SettlementMessageSchema = z.discriminatedUnion('state', [
  // The outcome is read on its own (readSettlement): one the reader cannot take still settles the job.
  z.object({ jobId: z.uuid(), documentId: z.string(), state: z.literal('completed'), outcome: z.unknown().optional() }),
  z.object({ jobId: z.uuid(), documentId: z.string(), state: z.literal('failed'), error: z.string() }),
]);
export type SettlementMessage = z.infer<typeof SettlementMessageSchema>;

/**
 * The partition key: the job's ordering key (its company, when the delivery named it),
 * else its document. One key's records share a partition, so they keep their order.
 */
export const partitionKeyOf = (job: { readonly documentId: string; readonly key?: string | undefined }) =>
  job.key ?? `document:${job.documentId}`;

export function jobRecord(jobId: string, { documentId, format, priority, key }: QueuedJob): KafkaRecord {
  const message: JobMessage = { jobId, documentId, priority, ...(format ? { format } : {}), ...(key ? { key } : {}) };
  return { key: partitionKeyOf(message), value: JSON.stringify(message) };
}

/** A record's job, or why it is none (dead-lettered as it is). */
export function readJob(value: string): { ok: true; job: JobMessage } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const parsed = JobMessageSchema.safeParse(json);
  return parsed.success ? { ok: true, job: parsed.data } : { ok: false, error: `not a job: ${parsed.error.message.slice(0, 500)}` };
}

export const settlementRecord = (settlement: SettlementMessage): KafkaRecord => ({
  key: settlement.jobId,
  value: JSON.stringify(settlement),
});

/** The port's settlement of a settlements record; undefined for one that is not. */
export function readSettlement(value: string): JobSettlement | undefined {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return undefined;
  }
  const parsed = SettlementMessageSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  if (s.state === 'failed') return { jobId: s.jobId, state: 'failed' };
  // An outcome this reader cannot take (a worker of another version wrote it) settles the job
  // without one: the waiting run reads the outcome from the store instead (run-outcomes.ts).
  const outcome = OutcomeReportSchema.safeParse(s.outcome);
  return { jobId: s.jobId, state: 'completed', outcome: outcome.success ? outcome.data : undefined };
}
