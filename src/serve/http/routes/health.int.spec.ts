import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { HealthSchema } from '#schemas/api/health';
import { annualPeriod, givenFact, givenFinancialsReported } from '../../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../../test/support/databases.ts';
import { type Harness, openHarness } from '../../../../test/support/service-harness.ts';
import type { Database } from '#platform/db/db';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { buildApp } from '../build-app.ts';

describeEachDatabase('GET /health costs the database one look a second, whatever the request rate', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.project();
  });
  afterAll(async () => harness?.close());

  /** The harness's database, counting the statements that read the event log. */
  const counting = () => {
    const seen = { eventLogReads: 0 };
    const db: Database = {
      ...harness.db,
      query: (text, params) => {
        if (text.includes('from es_events')) seen.eventLogReads++;
        return harness.db.query(text, params);
      },
    };
    return { db, seen };
  };

  it('answers 50 concurrent requests from one set of counts, and looks again after a second', async () => {
    const { db, seen } = counting();
    const app = buildApp({ db, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
    await app.ready();
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ url: '/health' })));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      // One look: per projection, one statement for the head and its lag.
      expect(seen.eventLogReads).toBe(PROJECTIONS.length);
      expect(HealthSchema.parse(answers[0]?.json()).status).toBe('ok');

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await app.inject({ url: '/health' });
      expect(seen.eventLogReads).toBe(2 * PROJECTIONS.length);
    } finally {
      await app.close();
    }
  });

  it("asks every projection's checkpoint at once, so a look waits behind other statements once, not once per projection", async () => {
    // Each checkpoint read is held until every projection's is in flight, or for 50 ms: asked
    // one after another, never more than one is.
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const db: Database = {
      ...harness.db,
      query: async (text, params) => {
        if (!text.includes('from es_checkpoints')) return harness.db.query(text, params);
        most = Math.max(most, ++inFlight);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === PROJECTIONS.length) for (const release of waiting.splice(0)) release();
          else setTimeout(resolve, 50);
        });
        inFlight--;
        return harness.db.query(text, params);
      },
    };
    const app = buildApp({ db, projections: PROJECTIONS, logger: false, limits: { perMinute: undefined, monthly: undefined } });
    await app.ready();
    try {
      const answer = await app.inject({ url: '/health' });
      expect(answer.statusCode).toBe(200);
      expect(HealthSchema.parse(answer.json()).projections).toHaveLength(PROJECTIONS.length);
      expect(most).toBe(PROJECTIONS.length);
    } finally {
      await app.close();
    }
  });

  it('counts a lag only up to the limit it is given', async () => {
    const facts = PROJECTIONS.find((p) => p.name === 'facts');
    if (!facts) throw new Error('no facts projection');
    const companyId = randomUUID();
    for (const year of [2022, 2023, 2024]) {
      await harness.append(
        givenFinancialsReported({
          companyId,
          knownAt: `${year}-05-12T12:00:00.000Z`,
          facts: [givenFact('Revenue', '1', annualPeriod(year))],
        }),
      );
    }
    expect((await getProjectionStatus(harness.db, harness.store, facts)).lag).toBe(3);
    expect((await getProjectionStatus(harness.db, harness.store, facts, { lagCountLimit: 2 })).lag).toBe(2);
  });
});
