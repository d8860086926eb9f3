import { z } from 'zod';

/** The settings of the ingestion bus (docs/ingestion-bus.md), part of the service's configuration. */
export const IngestBusSettings = {
  INGEST_BUS: z
    .enum(['pg-boss', 'kafka'])
    .default('pg-boss')
    .describe('The bus between ingestion runs and parser workers: pg-boss on the database, or Kafka (KAFKA_BROKERS)'),
  KAFKA_BROKERS: z
    .string()
    .regex(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/, 'must be comma-separated host:port pairs, e.g. kafka-1:9092,kafka-2:9092')
    .optional()
    .describe('Kafka bootstrap brokers; required with INGEST_BUS=kafka'),
  KAFKA_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, 'must be a Kafka topic name: letters, digits, . _ -')
    .default('ingest-documents')
    .describe('Topic of the parsing jobs; its settlements and dead letters are <topic>.settled and <topic>.dead'),
  KAFKA_GROUP_ID: z.string().min(1).max(200).default('ingest-parsers').describe('Consumer group of the parser workers'),
  KAFKA_PARTITIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(12)
    .describe('Partitions of the jobs topic when the service creates it: the most workers that parse at once'),
  INGEST_RECONCILE_AFTER_SECONDS: z
    .string()
    .regex(/^(off|\d{1,7})$/, 'must be a whole number of seconds, or 0 or off')
    .optional()
    .describe('Seconds a stored document may wait for its parse outcome before it is queued again; 600 with Kafka, off with pg-boss'),
};

type Settings = z.output<ReturnType<typeof z.object<typeof IngestBusSettings>>>;

/** The bus a process uses, and when a stored document with no outcome is queued again (undefined: never). */
export type IngestBusConfig =
  | { readonly kind: 'pg-boss'; readonly reconcileAfterSeconds: number | undefined }
  | {
      readonly kind: 'kafka';
      readonly brokers: readonly string[];
      readonly topic: string;
      readonly groupId: string;
      readonly partitions: number;
      readonly reconcileAfterSeconds: number | undefined;
    };

/** Kafka loses no document only with the reconciler; pg-boss keeps its jobs in the database, so `npm start` runs none. */
const DEFAULT_RECONCILE_SECONDS = { 'pg-boss': undefined, kafka: 600 } as const;

/** What the settings lack as a whole (each setting is checked by its schema). */
export function ingestBusProblems(s: Settings): string[] {
  return s.INGEST_BUS === 'kafka' && !s.KAFKA_BROKERS ? ['KAFKA_BROKERS: is required with INGEST_BUS=kafka'] : [];
}

export function ingestBusConfigOf(s: Settings): IngestBusConfig {
  const reconcile = s.INGEST_RECONCILE_AFTER_SECONDS;
  const reconcileAfterSeconds =
    reconcile === undefined ? DEFAULT_RECONCILE_SECONDS[s.INGEST_BUS] : reconcile === 'off' ? undefined : Number(reconcile) || undefined;
  if (s.INGEST_BUS === 'pg-boss') return { kind: 'pg-boss', reconcileAfterSeconds };
  return {
    kind: 'kafka',
    brokers: (s.KAFKA_BROKERS ?? '').split(',').map((broker) => broker.trim()),
    topic: s.KAFKA_TOPIC,
    groupId: s.KAFKA_GROUP_ID,
    partitions: s.KAFKA_PARTITIONS,
    reconcileAfterSeconds,
  };
}
