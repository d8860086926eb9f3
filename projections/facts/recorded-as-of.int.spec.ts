import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjection } from '#platform/projector/rebuild';
import { dumpTable } from '../../test/support/counting-projection.ts';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { annualPeriod, givenFact, givenFinancialsReported } from '../../test/support/builders.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { factsProjection } from './projection.ts';
import { listFacts, listFactVersions } from './queries.ts';
import { REPLACED_FACTS, REPLACED_PARSES } from './tables.ts';

const FY2023 = annualPeriod(2023);
const ORIGINAL_KNOWN_AT = '2023-05-10T12:00:00.000Z';
const REVISION_KNOWN_AT = '2024-05-12T12:00:00.000Z';

/**
 * FY2023 of one company: the original filing (known 10 May 2023) read by parser 1 as
 * revenue 100, a revision (known 12 May 2024) stating 95, then the original re-read by
 * parser 2 as 101 with a profit figure parser 1 missed. Recorded in that order.
 */
function history(companyId: string) {
  const originalId = randomUUID();
  const original = (parserVersion: number, revenue: string, withProfit: boolean) =>
    givenFinancialsReported({
      companyId,
      filingId: originalId,
      parserVersion,
      knownAt: ORIGINAL_KNOWN_AT,
      facts: [givenFact('Revenue', revenue, FY2023), ...(withProfit ? [givenFact('ProfitAfterTax', '9', FY2023)] : [])],
    });
  const revision = givenFinancialsReported({
    companyId,
    knownAt: REVISION_KNOWN_AT,
    isRevision: true,
    facts: [givenFact('Revenue', '95', FY2023)],
  });
  return { parse1: original(1, '100', false), revision, parse2: original(2, '101', true) };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

describeEachDatabase('facts: recorded_as_of, what this service had recorded at an instant', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
  });
  afterAll(() => harness.close());

  const recordedAt = async (eventId: string): Promise<string> => {
    const { rows } = await harness.db.query<{ recorded_at: Date }>('select recorded_at from es_events where event_id = $1', [eventId]);
    return (rows[0]?.recorded_at as Date).toISOString();
  };
  const justBefore = (instant: string) => new Date(Date.parse(instant) - 1).toISOString();

  const answer = async (companyId: string, params: { asOf?: string | undefined; recordedAsOf?: string | undefined }) =>
    (await listFacts(harness.db, { companyId, limit: 10, ...params })).map((f) => `${f.concept} ${f.value}`).sort();

  describe('a re-parse by a newer parser, projected as it is recorded', () => {
    const companyId = randomUUID();
    const events = history(companyId);
    const at = { parse1: '', revision: '', parse2: '' };

    beforeAll(async () => {
      for (const name of ['parse1', 'revision', 'parse2'] as const) {
        await harness.append(events[name]);
        await harness.project();
        at[name] = await recordedAt(events[name].id);
        await pause();
      }
    });

    it("before the re-parse, returns the earlier parse's values; after it, the new ones", async () => {
      expect(await answer(companyId, { recordedAsOf: at.parse1 })).toEqual(['Revenue 100']);
      expect(await answer(companyId, { recordedAsOf: justBefore(at.parse2), asOf: '2023-12-31T00:00:00Z' })).toEqual(['Revenue 100']);
      expect(await answer(companyId, { recordedAsOf: at.parse2, asOf: '2023-12-31T00:00:00Z' })).toEqual([
        'ProfitAfterTax 9',
        'Revenue 101',
      ]);
      expect(await answer(companyId, { asOf: '2023-12-31T00:00:00Z' })).toEqual(['ProfitAfterTax 9', 'Revenue 101']);
    });

    it('knew nothing before the first parse was recorded', async () => {
      expect(await answer(companyId, { recordedAsOf: justBefore(at.parse1) })).toEqual([]);
    });

    it('combines both clocks: the restatement recorded, seen as of dates before and after its dissemination', async () => {
      const recorded = justBefore(at.parse2);
      expect(await answer(companyId, { recordedAsOf: recorded })).toEqual(['Revenue 95']);
      expect(await answer(companyId, { recordedAsOf: recorded, asOf: justBefore(REVISION_KNOWN_AT) })).toEqual(['Revenue 100']);
      expect(await answer(companyId, { recordedAsOf: recorded, asOf: justBefore(ORIGINAL_KNOWN_AT) })).toEqual([]);
      // Now: the re-parse's profit stands (no later version), its revenue is superseded by 95.
      expect(await answer(companyId, {})).toEqual(['ProfitAfterTax 9', 'Revenue 95']);
    });

    it("gives the version chain as recorded then, with each version's parser and recorded_at", async () => {
      const chain = async (recordedAsOf?: string) =>
        (
          await listFactVersions(harness.db, { companyId, concept: 'Revenue', basis: 'consolidated', periodEnd: FY2023.end, recordedAsOf })
        ).map((v) => [v.value, v.change, v.superseded_at, v.parser_version, v.recorded_at]);
      expect(await chain(justBefore(at.parse2))).toEqual([
        ['100', 'initial', REVISION_KNOWN_AT, 1, at.parse1],
        ['95', 'restated', null, 1, at.revision],
      ]);
      expect(await chain()).toEqual([
        ['101', 'initial', REVISION_KNOWN_AT, 2, at.parse2],
        ['95', 'restated', null, 1, at.revision],
      ]);
      expect(await chain(at.parse2)).toEqual(await chain());
    });

    it('keeps the same record through a rebuild that meets every parse in one batch', async () => {
      const order = 'event_id';
      const before = {
        parses: await dumpTable(harness.db, REPLACED_PARSES, order),
        facts: await dumpTable(harness.db, REPLACED_FACTS, 'event_id, concept'),
        earlier: await answer(companyId, { recordedAsOf: at.revision }),
      };
      expect(before.parses).toHaveLength(1);
      await rebuildProjection(harness.db, harness.store, factsProjection, { batchSize: 100 });
      expect(await dumpTable(harness.db, REPLACED_PARSES, order)).toEqual(before.parses);
      expect(await dumpTable(harness.db, REPLACED_FACTS, 'event_id, concept')).toEqual(before.facts);
      expect(await answer(companyId, { recordedAsOf: at.revision })).toEqual(before.earlier);
      expect(await answer(companyId, { recordedAsOf: at.revision })).toEqual(['Revenue 95']);
    });
  });

  describe("three parses of one filing, and an older parser's late arrival", () => {
    const companyId = randomUUID();
    const filingId = randomUUID();
    const parse = (parserVersion: number, revenue: string) =>
      givenFinancialsReported({
        companyId,
        filingId,
        parserVersion,
        knownAt: ORIGINAL_KNOWN_AT,
        facts: [givenFact('Revenue', revenue, FY2023)],
      });
    const [v1, v3, v2] = [parse(1, '100'), parse(3, '103'), parse(2, '102')];
    const at: string[] = [];

    beforeAll(async () => {
      // v2 is recorded after v3: it never replaces v3, so it never enters the record.
      for (const event of [v1, v3, v2]) {
        await harness.append(event);
        await harness.project({ batchSize: 1 });
        at.push(await recordedAt(event.id));
        await pause();
      }
    });

    it('answers each instant with the parse in force then', async () => {
      expect(await answer(companyId, { recordedAsOf: at[0] })).toEqual(['Revenue 100']);
      expect(await answer(companyId, { recordedAsOf: at[1] })).toEqual(['Revenue 103']);
      expect(await answer(companyId, { recordedAsOf: at[2] })).toEqual(['Revenue 103']);
      expect(await answer(companyId, {})).toEqual(['Revenue 103']);
    });
  });
});
