import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FactView } from '#schemas/common/fact-view';
import type { ReportedConcept } from '#schemas/common/concepts';
import type { Period } from '#schemas/common/period';
import type { Basis } from '#schemas/common/primitives';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { annualPeriod, givenFact, givenFinancialsReported, quarterPeriod } from '../../test/support/builders.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listFacts } from './queries.ts';

const KEYS: ReadonlyArray<{ concept: ReportedConcept; period: Period; basis: Basis }> = [
  { concept: 'Revenue', period: annualPeriod(2023), basis: 'consolidated' },
  { concept: 'Revenue', period: annualPeriod(2023), basis: 'standalone' },
  { concept: 'Revenue', period: quarterPeriod(2024, 1), basis: 'consolidated' },
  { concept: 'ProfitAfterTax', period: annualPeriod(2023), basis: 'consolidated' },
  { concept: 'ProfitAfterTax', period: annualPeriod(2024), basis: 'consolidated' },
];

const DAY = 86_400_000;
const EPOCH = Date.parse('2023-04-01T00:00:00.000Z');

interface FilingVersion {
  readonly filingId: string;
  readonly parserVersion: number;
  /** Few distinct days and two instants a day, so equal known_at values are common. */
  readonly knownAt: string;
  readonly facts: ReadonlyArray<{ key: number; value: string }>;
}

const valueArb = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`),
);

const factsArb = fc.uniqueArray(fc.record({ key: fc.integer({ min: 0, max: KEYS.length - 1 }), value: valueArb }), {
  selector: (fact) => fact.key,
  minLength: 0,
  maxLength: KEYS.length,
});

/** A history: filings, some parsed twice (a re-parse with a higher parser version). */
const historyArb = fc
  .array(
    fc.record({
      day: fc.integer({ min: 0, max: 6 }),
      halfDay: fc.boolean(),
      parses: fc.array(factsArb, { minLength: 1, maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((filings) =>
    filings.flatMap(({ day, halfDay, parses }): FilingVersion[] => {
      const filingId = randomUUID();
      const knownAt = new Date(EPOCH + day * DAY + (halfDay ? DAY / 2 : 0)).toISOString();
      return parses.map((facts, i) => ({ filingId, parserVersion: i + 1, knownAt, facts }));
    }),
  );

const scenarioArb = historyArb.chain((history) =>
  fc.record({
    history: fc.constant(history),
    arrival: fc.shuffledSubarray(history, { minLength: history.length, maxLength: history.length }),
    batchSize: fc.integer({ min: 1, max: 4 }),
    instants: fc.array(fc.integer({ min: -1, max: 8 * 2 }), { minLength: 1, maxLength: 6 }),
  }),
);

type Answer = Array<[key: number, value: string, filingId: string, revision: number]>;

/**
 * What a reader should see at `asOf`: per key, the version with the greatest (known_at, filing)
 * known by then (`first`: the least, as view=as_first_reported), with its revision number, its
 * place among all the key's versions in that order.
 */
function oracle(history: readonly FilingVersion[], asOf: string | undefined, first = false): Answer {
  const latestParse = new Map<string, FilingVersion>();
  for (const version of history) {
    const seen = latestParse.get(version.filingId);
    if (!seen || seen.parserVersion < version.parserVersion) latestParse.set(version.filingId, version);
  }
  const versions = new Map<number, { knownAt: string; filingId: string; value: string }[]>();
  for (const filing of latestParse.values()) {
    for (const fact of filing.facts) {
      const chain = versions.get(fact.key) ?? [];
      chain.push({ knownAt: filing.knownAt, filingId: filing.filingId, value: fact.value });
      versions.set(fact.key, chain);
    }
  }
  const answer: Answer = [];
  for (const [key, chain] of versions) {
    chain.sort((a, b) => (a.knownAt === b.knownAt ? (a.filingId < b.filingId ? -1 : 1) : a.knownAt < b.knownAt ? -1 : 1));
    const known = chain
      .map((v, revision) => ({ ...v, revision }))
      .filter((v) => asOf === undefined || Date.parse(v.knownAt) <= Date.parse(asOf));
    const chosen = first ? known[0] : known.at(-1);
    if (chosen) answer.push([key, chosen.value, chosen.filingId, chosen.revision]);
  }
  return answer.sort(byKey);
}

const byKey = (a: Answer[number], b: Answer[number]) => a[0] - b[0];

function keyIndex(fact: { concept: string; basis: string; period: { type: string; end: string } }): number {
  return KEYS.findIndex(
    (k) => k.concept === fact.concept && k.basis === fact.basis && k.period.type === fact.period.type && k.period.end === fact.period.end,
  );
}

describeEachDatabase('facts: as-of answers do not depend on arrival order (property)', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  /** Appends the history in arrival order, one event per transaction; returns each version's recorded_at. */
  async function record(companyId: string, arrival: readonly FilingVersion[]): Promise<string[]> {
    const events = arrival.map((version) =>
      givenFinancialsReported({
        companyId,
        filingId: version.filingId,
        parserVersion: version.parserVersion,
        knownAt: version.knownAt,
        facts: version.facts.map(({ key, value }) => {
          const k = KEYS[key] as (typeof KEYS)[number];
          return givenFact(k.concept, value, k.period, k.basis);
        }),
      }),
    );
    for (const event of events) await harness.append(event);
    const { rows } = await harness.db.query<{ event_id: string; recorded_at: Date }>(
      'select event_id::text as event_id, recorded_at from es_events where event_id = any($1::uuid[])',
      [events.map((e) => e.id)],
    );
    const recorded = new Map(rows.map((row) => [row.event_id, row.recorded_at.toISOString()]));
    return events.map((event) => recorded.get(event.id) as string);
  }

  const answerOf = async (companyId: string, asOf: string | undefined, recordedAsOf?: string, view?: FactView): Promise<Answer> =>
    (await listFacts(harness.db, { companyId, asOf, recordedAsOf, view, limit: 100 }))
      .map((f): Answer[number] => [keyIndex(f), f.value, f.filing_id, f.revision_number])
      .sort(byKey);

  it('matches a brute-force oracle for random histories, arrival orders, batch sizes and instants, in every view, revision numbers included', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ history, arrival, batchSize, instants }) => {
        const companyId = randomUUID();
        await record(companyId, arrival);
        await harness.project({ batchSize });

        const knownInstants = history.flatMap((v) => [v.knownAt, new Date(Date.parse(v.knownAt) - 1).toISOString()]);
        const randomInstants = instants.map((half) => new Date(EPOCH + (half * DAY) / 2 + 1).toISOString());
        for (const asOf of [undefined, ...knownInstants, ...randomInstants]) {
          // numeric keeps the digits it was given, so values compare exactly as text.
          expect(await answerOf(companyId, asOf)).toEqual(oracle(history, asOf));
          expect(await answerOf(companyId, asOf, undefined, 'as_first_reported')).toEqual(oracle(history, asOf, true));
        }
        expect(await answerOf(companyId, undefined, undefined, 'latest')).toEqual(oracle(history, undefined));
      }),
      { numRuns: database.name === 'pglite' ? 60 : 40 },
    );
  });

  it('answers recorded_as_of=R as if only the parses recorded by R had been projected', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ arrival, batchSize, instants }) => {
        const companyId = randomUUID();
        const recorded = await record(companyId, arrival);
        await harness.project({ batchSize });

        const first = recorded.reduce((a, b) => (b < a ? b : a));
        const randomInstants = instants.slice(0, 3).map((half) => new Date(EPOCH + (half * DAY) / 2 + 1).toISOString());
        for (const at of [new Date(Date.parse(first) - 1).toISOString(), ...new Set(recorded)]) {
          const seen = arrival.filter((_, i) => (recorded[i] as string) <= at);
          for (const asOf of [undefined, ...randomInstants]) {
            expect(await answerOf(companyId, asOf, at)).toEqual(oracle(seen, asOf));
            expect(await answerOf(companyId, asOf, at, 'as_first_reported')).toEqual(oracle(seen, asOf, true));
          }
        }
      }),
      { numRuns: database.name === 'pglite' ? 30 : 20 },
    );
  });
});
