import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { factsProjection } from '#projections/facts/projection';
import { FACTS } from '#projections/facts/tables';
import { PROJECTIONS } from '#projections';
import { catchUp } from '#platform/projector/catch-up';
import { rebuildProjection } from '#platform/projector/rebuild';
import { annualPeriod, givenFact, givenFinancialsReported } from '../support/builders.ts';
import { countingProjection, dumpTable, seenCounts } from '../support/counting-projection.ts';
import { describePostgres } from '../support/databases.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';
import { settled } from '../support/settled.ts';

const CHILD = fileURLToPath(new URL('../support/projector-child.ts', import.meta.url));
const TOTAL = 400;

describePostgres('a projector killed mid-batch (SIGKILL)', (database) => {
  let harness: Harness;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await harness.close();
  });

  it('loses nothing and applies nothing twice: a restart resumes from the checkpoint', async () => {
    const companies = [randomUUID(), randomUUID(), randomUUID()];
    for (let i = 0; i < TOTAL; i++) {
      await harness.append(
        givenFinancialsReported({
          companyId: companies[i % 3] as string,
          knownAt: new Date(Date.UTC(2021, 0, 1) + (i % 97) * 86_400_000).toISOString(),
          facts: [givenFact('Revenue', String(i), annualPeriod(2021 + (i % 5)))],
        }),
      );
    }

    child = spawn(process.execPath, ['--import', 'tsx', CHILD, harness.db.url ?? ''], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const deadline = Date.now() + 60_000;
    while ((await seenCounts(harness.db).catch(() => ({ distinct: 0 }))).distinct < 100) {
      if (Date.now() > deadline) throw new Error('the child projector made no progress');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await exited;

    const atCrash = await seenCounts(harness.db);
    expect(atCrash.distinct).toBeLessThan(TOTAL);
    expect(atCrash.maxTimes).toBe(1);

    await settled(harness.db);
    await catchUp(harness.db, harness.store, [...PROJECTIONS, countingProjection()], { batchSize: 50 });
    expect(await seenCounts(harness.db)).toEqual({ distinct: TOTAL, maxTimes: 1 });

    const FACT_ORDER = 'company_id, concept, basis, period_type, period_end, known_at, filing_id';
    const resumed = await dumpTable(harness.db, FACTS, FACT_ORDER);
    expect(resumed).toHaveLength(TOTAL);
    await rebuildProjection(harness.db, harness.store, factsProjection);
    expect(await dumpTable(harness.db, FACTS, FACT_ORDER)).toEqual(resumed);
  });
});
