import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Health, HealthSchema } from '#schemas/api/health';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { ingestInputs } from '#ingest/pipeline/ingest-inputs';
import { readInputs } from '#ingest/sources/read-inputs';
import { loadConfig } from '#platform/config/config';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import { contextProvidersFor } from '#runtime/context-providers';
import { type Ingestion, startIngestion } from '#runtime/ingestion';
import { type RunningService, startService } from '#runtime/start-service';
import { REPO_ROOT } from '../support/parse-input.ts';

const LISTING = path.join(REPO_ROOT, 'fixtures/nse-results-listing/acc.json');
const MASTER = path.join(REPO_ROOT, 'sample-data/master/EQUITY_L.csv');

describe('/health while documents wait to be parsed (PGlite)', () => {
  const dataDir = path.join(tmpdir(), `imd-health-ingestion-${randomUUID()}`);
  let service: RunningService;
  let ingestion: Ingestion | undefined;
  // A run still waiting when a test fails stops waiting before the database closes.
  const stopRuns = new AbortController();
  let run: Promise<unknown> = Promise.resolve();
  // The service parses nothing itself: documents queued here wait until this test starts a worker.
  beforeAll(async () => {
    service = await startService(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', INGEST_SAMPLE: 'false', PUBLIC_RATE_LIMIT_PER_MINUTE: 'off' }),
      {
        api: true,
        projector: true,
        worker: false,
      },
    );
  });
  afterAll(async () => {
    stopRuns.abort();
    await run.catch(() => undefined);
    await ingestion?.stop();
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = async (): Promise<Health> => {
    const response = await fetch(`${service.address}/health`);
    expect(response.status).toBe(200);
    return HealthSchema.parse(await response.json());
  };
  /** /health once it answers as `wanted` says, or its last answer after 30 s. */
  const healthOnce = async (wanted: (body: Health) => boolean): Promise<Health> => {
    const deadline = Date.now() + 30_000;
    let body = await health();
    while (!wanted(body) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = await health();
    }
    return body;
  };
  const projected = (body: Health) => body.projections.every((p) => p.status === 'live' && p.lag === 0);

  it('counts no documents before any was queued', async () => {
    expect(await healthOnce(projected)).toMatchObject({ status: 'ok', documents: { queued: 0, inFlight: 0, sample: 'none' } });
  });

  it('is degraded while a document is queued, with every projection caught up, and ok once it is parsed', async () => {
    ingestion = await startIngestion(service.db, createDomainEventStore(service.db), parserRegistry, {
      contextProviders: contextProvidersFor(service.db),
      onError: () => undefined,
    });
    const running = ingestion;
    const ingesting = ingestInputs(running.deps, (await readInputs([LISTING])).files, { pollMs: 50, signal: stopRuns.signal });
    run = ingesting;

    const waiting = await healthOnce((body) => body.documents.queued === 1 && projected(body));
    expect(waiting.documents).toEqual({ queued: 1, inFlight: 0, sample: 'none', deadLettered: 0 });
    expect(projected(waiting)).toBe(true);
    expect(waiting.status).toBe('degraded');

    await running.startWorker();
    expect(await ingesting).toMatchObject({ files: 1, parsed: 1, failed: 0 });
    const settled = await healthOnce((body) => body.status === 'ok');
    expect(settled).toMatchObject({ status: 'ok', documents: { queued: 0, inFlight: 0, sample: 'none', deadLettered: 0 } });
  });

  it('records the rejection of a document whose parse failed every attempt, with the last error, and is degraded with the count', async () => {
    // The worker of the case before would parse the document: only the failing one runs.
    await ingestion?.stop();
    ingestion = undefined;
    const failing = await startIngestion(service.db, createDomainEventStore(service.db), parserRegistry, {
      contextProviders: contextProvidersFor(service.db),
      onError: () => undefined,
      // Every parse resolves companies first: their read model unreachable fails every attempt.
      loadHoldings: () => Promise.reject(new Error('the companies read model is unreachable')),
      retry: { retryLimit: 1, retryDelay: 1, retryBackoff: false },
    });
    ingestion = failing;
    await failing.startWorker();
    const summary = await ingestInputs(failing.deps, (await readInputs([MASTER])).files, { pollMs: 50, signal: stopRuns.signal });
    expect(summary).toMatchObject({ files: 1, parsed: 0, failed: 1 });

    const { rows } = await service.db.query<{ reason: string }>(
      `select data->>'reason' as reason from es_events where event_type = 'DocumentRejected' and data->>'documentId' = $1`,
      [summary.documents[0]?.documentId],
    );
    expect(rows.map((row) => row.reason)).toEqual([
      'parsing failed on every attempt; the last error: the companies read model is unreachable',
    ]);
    const degraded = await healthOnce((body) => body.documents.deadLettered > 0 && projected(body));
    expect(degraded).toMatchObject({ status: 'degraded', documents: { queued: 0, inFlight: 0, deadLettered: 1 } });
  });
});
