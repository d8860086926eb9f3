import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlExecutor } from '#platform/db/db';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { annualPeriod, givenFact, givenFinancialsReported, instantPeriod, quarterPeriod } from '../../test/support/builders.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { crossSection, crossSectionJson, type CrossSectionParams } from './cross-section.ts';
import { listFactLines } from './fact-lines.ts';
import { listFacts, type ListFactsParams, listFactsQuery, toFact } from './queries.ts';

/**
 * A company no list names (so each fact carries the identity its filing stated) with text
 * JSON must escape, null fields, milliseconds in known_at, a long negative decimal, an
 * instant period without a start, a revision and figures on both bases.
 */
const NAME = 'Quote "Q" \\ Back — ₹ Ltd\u2028\t';

function filings(companyId: string) {
  const first = givenFinancialsReported({
    companyId,
    knownAt: '2023-05-10T12:34:56.789Z',
    facts: [
      givenFact('Revenue', '-1234567890.123456789', annualPeriod(2023)),
      { ...givenFact('TotalAssets', '42', instantPeriod(2023, 4), 'standalone'), decimals: null, scale: null, element: 'in-bse:Assets' },
      givenFact('ProfitAfterTax', '0.5', quarterPeriod(2023, 4)),
    ],
  });
  const revision = givenFinancialsReported({
    companyId,
    knownAt: '2024-01-02T03:04:05.000Z',
    isRevision: true,
    facts: [givenFact('Revenue', '100', annualPeriod(2023))],
  });
  for (const event of [first, revision]) event.data.company = { ...event.data.company, name: NAME };
  return [first, revision];
}

/** The same filings for a company whose texts need no escaping. */
function plainFilings(companyId: string) {
  const events = filings(companyId);
  for (const event of events) event.data.company = { ...event.data.company, name: 'Plain Industries Ltd' };
  return events;
}

describeEachDatabase('listFacts: facts built from the rows as text are those toFact builds', (database) => {
  let harness: Harness;
  const companyId = randomUUID();
  const plainId = randomUUID();
  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.append(...filings(companyId), ...plainFilings(plainId));
    await harness.project();
  });
  afterAll(() => harness.close());

  const reads: readonly Omit<ListFactsParams, 'companyId'>[] = [
    { limit: 100 },
    { limit: 100, asOf: '2023-06-01T00:00:00Z' },
    { limit: 100, concepts: ['Revenue', 'TotalAssets'], basis: 'standalone' },
    { limit: 2, period: 'annual' },
  ];
  /** The facts as `toFact` builds them from the rows `query` reads. */
  const throughQuery = async (params: ListFactsParams) => {
    const { text, values } = listFactsQuery(params);
    return (await harness.db.query<Parameters<typeof toFact>[0]>(text, values)).rows.map(toFact);
  };

  it('has the same facts, serialised byte for byte alike, in the same order', async () => {
    for (const read of reads) {
      const params = { companyId, ...read };
      const expected = await throughQuery(params);
      const facts = await listFacts(harness.db, params);
      expect(facts).toEqual(expected);
      expect(JSON.stringify(facts)).toBe(JSON.stringify(expected));
    }
    const all = await listFacts(harness.db, { companyId, limit: 100 });
    expect(all.map((fact) => [fact.concept, fact.value, fact.known_at, fact.company.name])).toEqual([
      ['Revenue', '100', '2024-01-02T03:04:05.000Z', NAME],
      ['TotalAssets', '42', '2023-05-10T12:34:56.789Z', NAME],
      ['ProfitAfterTax', '0.5', '2023-05-10T12:34:56.789Z', NAME],
    ]);
  });

  it('reads the rows as text where the executor can (the server), with nothing read through query', async () => {
    // PGlite's adapter has no queryText; the server's pool has.
    expect(harness.db.queryText === undefined).toBe(database.name === 'pglite');
    if (!harness.db.queryText) return;
    const textOnly: SqlExecutor = { ...harness.db, query: () => Promise.reject(new Error('read through query')) };
    const params = { companyId, limit: 100, asOf: '2023-06-01T00:00:00Z' };
    expect(JSON.stringify(await listFacts(textOnly, params))).toBe(JSON.stringify(await throughQuery(params)));
  });

  it('has PostgreSQL write each fact as JSON byte for byte as JSON.stringify of toFact, texts to escape or not', async () => {
    for (const id of [companyId, plainId]) {
      for (const read of reads) {
        const params = { companyId: id, ...read };
        const expected = (await throughQuery(params)).map((fact) => JSON.stringify(fact));
        expect((await listFactLines(harness.db, params)).map((line) => line.json)).toEqual(expected);
      }
    }
    // A cross-section's page, written whole by PostgreSQL, over both companies and each view.
    for (const view of ['as_of', 'as_first_reported', 'latest'] as const) {
      for (const limit of [1, 10]) {
        const params: CrossSectionParams = {
          concept: 'Revenue',
          length: 'annual',
          period: { kind: 'fiscal', fiscalYear: 2023 },
          view,
          limit,
        };
        const facts = await crossSection(harness.db, params);
        const page = await crossSectionJson(harness.db, params);
        expect(page.json).toBe(facts.facts.map((fact) => JSON.stringify(fact)).join(','));
        expect({ count: page.count, next: page.next }).toEqual({ count: facts.facts.length, next: facts.next });
      }
    }
    const empty = await crossSectionJson(harness.db, {
      concept: 'Revenue',
      length: 'annual',
      period: { kind: 'fiscal', fiscalYear: 1999 },
      view: 'as_of',
      limit: 5,
    });
    expect(empty).toEqual({ json: '', count: 0, next: undefined });
  });
});
