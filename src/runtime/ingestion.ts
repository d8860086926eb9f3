import { companiesProjection, listHoldings } from '#projections/companies';
import type { DomainEvent } from '#schemas/events';
import type { Database } from '#platform/db';
import type { EventStore } from '#platform/event-store';
import {
  createCompanyDirectory,
  type ContextProvider,
  type IngestDeps,
  createParsePool,
  processDocuments,
  recordDeadLetter,
} from '#ingest/pipeline';
import type { KnownHolding } from '#ingest/shared/parser';
import { type IngestBus, outcomeReport } from '#ingest/jobs';
import { type PgBossBusOptions, startPgBossBus } from '#ingest/bus';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import { catchUp } from '#platform/projector';

export interface Ingestion {
  readonly bus: IngestBus;
  readonly deps: IngestDeps;
  /** Runs the parsing worker in this process, once the companies read model it resolves names with is caught up. */
  startWorker(options?: { workers?: number; batchSize?: number }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Wires ingestion to this service's database: the bus (pg-boss on the database unless
 * another is given, which ingestion then owns and stops), the worker that parses one
 * document per job and completes the job with the document's outcome, company resolution from the companies read model, and the catch-up
 * of that read model between priority groups (master lists before the files naming them).
 */
export async function startIngestion(
  db: Database,
  store: EventStore<DomainEvent>,
  parsers: ParserRegistry,
  options: PgBossBusOptions & {
    /** A bus already started (Kafka, in memory); pg-boss on `db` when absent. */
    bus?: IngestBus;
    contextProviders?: readonly ContextProvider[];
    onError: (error: Error) => void;
    /** Where company holdings come from; the companies read model unless given. */
    loadHoldings?: () => Promise<readonly KnownHolding[]>;
    /**
     * Threads that parse, off this process's event loop; 0 or absent: parse on it. The
     * threads run every parser of the service (all-parsers.ts), so only with those `parsers`.
     */
    parseThreads?: number;
  },
): Promise<Ingestion> {
  const companies = createCompanyDirectory(options.loadHoldings ?? (() => listHoldings(db)));
  const bus = options.bus ?? (await startPgBossBus(db, options));
  const pool = options.parseThreads ? createParsePool({ threads: options.parseThreads, parsers }) : undefined;
  const deps: IngestDeps = {
    db,
    parsers,
    bus,
    contextProviders: options.contextProviders ?? [],
    async afterGroup(signal) {
      await catchUp(db, store, [companiesProjection], { signal });
      companies.invalidate();
    },
  };
  return {
    bus,
    deps,
    startWorker: async (workerOptions) => {
      // Parsing resolves companies from their read model: on a database no projector has set
      // up yet (a worker process started first), its tables would not exist and every job fail.
      await catchUp(db, store, [companiesProjection]);
      companies.invalidate();
      return bus.work(
        async (jobs) => {
          const detected = new Map(jobs.flatMap((job) => (job.format === undefined ? [] : [[job.documentId, job.format] as const])));
          const outcomes = await processDocuments(
            { db, parsers, companies, pool },
            jobs.map((job) => job.documentId),
            detected,
          );
          return outcomes.map(outcomeReport);
        },
        {
          ...workerOptions,
          // A job that failed every attempt leaves its document rejected with the last error.
          onDeadLetter: (job, error) =>
            recordDeadLetter(db, parsers, job, error).then(
              () => undefined,
              (failure: unknown) => options.onError(failure instanceof Error ? failure : new Error(String(failure))),
            ),
        },
      );
    },
    async stop() {
      await bus.stop();
      await pool?.close();
    },
  };
}
