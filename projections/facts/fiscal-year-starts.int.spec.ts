import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Period } from '#schemas/common/period';
import type { ReportedFact } from '#schemas/events/financials';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { type FilingSpec, givenFact, givenFinancialsReported } from '../../test/support/builders.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listFacts } from './queries.ts';

const annual = (start: string): Period => ({ type: 'annual', start, end: '2023-03-31', fiscalYear: 2023, fiscalQuarter: null });

/**
 * A company that lengthens its year to end in March: a filing made during the year states
 * it from 1 Jan 2022 (known 18 Oct 2022); the year-end filing states it from 1 Apr 2022
 * (known 3 May 2023) and is read again by a newer parser; a revision known after both
 * states yet another start (1 Oct 2021). Recorded in that order: the year-end filing and its
 * re-parse before the filing made during the year.
 */
function history(companyId: string) {
  /** A filing of the company stating its fiscal year from `start` to 31 Mar 2023. */
  const stating = ({ start, facts, ...spec }: Omit<FilingSpec, 'companyId' | 'facts'> & { start: string; facts?: ReportedFact[] }) => {
    const event = givenFinancialsReported({ companyId, ...spec, facts: facts ?? [givenFact('Revenue', '100', annual(start))] });
    return { ...event, type: 'FinancialsReported' as const, data: { ...event.data, fiscalYearStart: start, fiscalYearEnd: '2023-03-31' } };
  };
  const nineMonths: Period = { type: 'nine_months', start: '2022-01-01', end: '2022-09-30', fiscalYear: 2023, fiscalQuarter: 3 };
  const yearEndId = randomUUID();
  return [
    stating({ knownAt: '2023-05-03T11:44:00.000Z', start: '2022-04-01', filingId: yearEndId }),
    stating({ knownAt: '2023-05-03T11:44:00.000Z', start: '2022-04-01', filingId: yearEndId, parserVersion: 2 }),
    stating({ knownAt: '2022-10-18T05:00:00.000Z', start: '2022-01-01', facts: [givenFact('Revenue', '60', nineMonths)] }),
    stating({ knownAt: '2023-08-01T00:00:00.000Z', start: '2021-10-01', isRevision: true }),
  ];
}

describeEachDatabase('facts: the start of a lengthened fiscal year', (database) => {
  let harness: Harness;
  const companyId = randomUUID();
  /** When the year-end filing's first parse was recorded: the re-parse came after. */
  let beforeReparse = '';

  beforeAll(async () => {
    harness = await openHarness(database);
    const events = history(companyId);
    for (const event of events) {
      await harness.append(event);
      await harness.project();
      if (event === events[0]) {
        const { rows } = await harness.db.query<{ recorded_at: Date }>('select recorded_at from es_events where event_id = $1', [event.id]);
        beforeReparse = (rows[0]?.recorded_at as Date).toISOString();
      }
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });
  afterAll(() => harness.close());

  const yearStarts = async (params: { asOf?: string; recordedAsOf?: string }) =>
    (await listFacts(harness.db, { companyId, period: 'annual', limit: 10, ...params })).map((f) => f.period.start);

  it('serves the year-end filing from the start stated by the filing made during the year, whichever came first', async () => {
    expect(await yearStarts({ asOf: '2023-06-01T00:00:00Z' })).toEqual(['2022-01-01']);
  });

  it('keeps the start a filing known later states out of what was known before it', async () => {
    expect(await yearStarts({})).toEqual(['2021-10-01']);
    expect(await yearStarts({ asOf: '2023-07-31T00:00:00Z' })).toEqual(['2022-01-01']);
  });

  it('serves the parse a re-parse replaced the same way (recorded_as_of before the re-parse)', async () => {
    expect(await yearStarts({ asOf: '2023-06-01T00:00:00Z', recordedAsOf: beforeReparse })).toEqual(['2022-01-01']);
  });
});
