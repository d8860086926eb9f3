import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FACTS } from '#projections/facts/tables';
import { factsProjection } from '#projections/facts/projection';
import { PROJECTIONS } from '#projections';
import { appendToStream } from '#platform/event-store/append-to-stream';
import { domainEventRegistry } from '#platform/event-store/domain-event-store';
import { getProjectionStatus } from '#platform/projector/projection-status';
import { rebuildProjection } from '#platform/projector/rebuild';
import { runProjector } from '#platform/projector/run-projector';
import { annualPeriod, givenFact, givenFinancialsReported, quarterPeriod } from '../support/builders.ts';
import { countingProjection, dumpTable, seenCounts } from '../support/counting-projection.ts';
import { describePostgres } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

const APPENDERS = 8;
const FILINGS_PER_APPENDER = 500;
const COMPANIES = 20;
const FACT_ORDER = 'company_id, concept, basis, period_type, period_end, known_at, filing_id';

/**
 * Appenders share a small set of companies and fact keys, so versions of one fact arrive
 * from different writers in no particular order, with restated values.
 */
function randomFiling(companies: readonly string[], writer: number, n: number) {
  const companyId = companies[(writer * 7 + n) % companies.length] as string;
  const fiscalYear = 2020 + (n % 4);
  const day = Math.floor(Math.random() * 900);
  return givenFinancialsReported({
    companyId,
    knownAt: new Date(Date.UTC(2020, 4, 1) + day * 86_400_000).toISOString(),
    facts: [
      givenFact('Revenue', String(1000 + Math.floor(Math.random() * 50)), annualPeriod(fiscalYear)),
      givenFact('ProfitAfterTax', String(100 + writer), quarterPeriod(fiscalYear, 4)),
      givenFact('TotalAssets', `${n}.${writer}`, annualPeriod(fiscalYear), 'standalone'),
    ],
  });
}

describePostgres('concurrent appenders while the projector runs', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  it(`projects every event of ${APPENDERS} writers exactly once, equal to a rebuild`, async () => {
    const companies = Array.from({ length: COMPANIES }, () => randomUUID());
    const counting = countingProjection();
    const controller = new AbortController();
    const projector = runProjector({
      db: harness.db,
      store: harness.store,
      projections: [...PROJECTIONS, counting],
      signal: controller.signal,
      batchSize: 200,
      idleTimeoutMs: 50,
    });

    // A transaction that appends early and commits last: its events get low positions
    // but become visible after thousands of later ones. A reader by position would skip them.
    const slow = harness.db.transaction(async (tx) => {
      for (let n = 0; n < 10; n++) {
        const event = randomFiling(companies, 99, n);
        await appendToStream(tx, domainEventRegistry, `filing-${event.data.filingId}`, [event]);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });

    const writers = Array.from({ length: APPENDERS }, async (_, writer) => {
      for (let n = 0; n < FILINGS_PER_APPENDER; n++) await harness.append(randomFiling(companies, writer, n));
    });
    await Promise.all([...writers, slow]);
    const total = APPENDERS * FILINGS_PER_APPENDER + 10;

    const deadline = Date.now() + 60_000;
    while (
      (await getProjectionStatus(harness.db, harness.store, counting)).lag > 0 ||
      (await getProjectionStatus(harness.db, harness.store, factsProjection)).lag > 0
    ) {
      if (Date.now() > deadline) throw new Error('projector did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    controller.abort();
    await projector;

    expect(await seenCounts(harness.db)).toEqual({ distinct: total, maxTimes: 1 });
    const live = await dumpTable(harness.db, FACTS, FACT_ORDER);
    expect(live).toHaveLength(total * 3);

    await rebuildProjection(harness.db, harness.store, factsProjection, { batchSize: 333 });
    expect(await dumpTable(harness.db, FACTS, FACT_ORDER)).toEqual(live);

    // Exactly one current version per fact key.
    const { rows } = await harness.db.query<{ keys: number; current: number }>(
      `select count(distinct (company_id, concept, basis, period_type, period_end))::int8 as keys,
              count(*) filter (where superseded_at is null)::int8 as current
       from ${FACTS}`,
    );
    expect(rows[0]?.current).toBe(rows[0]?.keys);
  });
});
