import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { HealthSchema } from '#schemas/api/health';
import { loadConfig } from '#platform/config/config';
import { createDomainEventStore } from '#platform/event-store/domain-event-store';
import { type RunningService, startService } from '#runtime/start-service';
import { annualPeriod, givenFact, givenFinancialsReported } from '../support/builders.ts';

describe('the standalone service on PGlite over HTTP', () => {
  const dataDir = path.join(tmpdir(), `imd-e2e-${randomUUID()}`);
  let service: RunningService;
  beforeAll(async () => {
    service = await startService(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', INGEST_SAMPLE: 'false', PUBLIC_RATE_LIMIT_PER_MINUTE: 'off' }),
      {
        api: true,
        projector: true,
        worker: true,
      },
    );
  });
  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = async () => {
    const response = await fetch(`${service.address}/health`);
    expect(response.status).toBe(200);
    return HealthSchema.parse(await response.json());
  };

  it('serves /health with every projection live on an empty store', async () => {
    const body = await health();
    expect(body.database).toBe('pglite');
    expect(body.projections.map((p) => p.name)).toEqual(PROJECTIONS.map((p) => p.name));
  });

  it('projects appended events in the background, and the lag returns to 0', async () => {
    const event = givenFinancialsReported({
      companyId: randomUUID(),
      knownAt: '2024-05-12T12:00:00.000Z',
      facts: [givenFact('Revenue', '1', annualPeriod(2024))],
    });
    const store = createDomainEventStore(service.db);
    await store.appendToStream(`filing-${event.data.filingId}`, [event]);
    await store.close();
    // /health may answer from a look up to a second old: wait for the fact itself to show.
    const settledWithFact = (b: Awaited<ReturnType<typeof health>>) =>
      b.projections.every((p) => p.lag === 0) && b.projections.find((p) => p.name === 'facts')?.eventsProjected === 1;
    const deadline = Date.now() + 10_000;
    let body = await health();
    while (!settledWithFact(body) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = await health();
    }
    expect(body.status).toBe('ok');
    expect(body.projections.find((p) => p.name === 'facts')).toMatchObject({ lag: 0, eventsProjected: 1 });
  });

  it('answers an unknown path with 404 and a detail', async () => {
    const response = await fetch(`${service.address}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
  });
});
