import { afterAll, beforeAll, expect, it } from 'vitest';
import { streams } from '../../schemas/events/streams.ts';
import { syntheticFiling } from '../../bench/synthetic-filings.ts';
import { appendPrepared, prepareEvents } from '../../src/platform/event-store/append-to-stream.ts';
import { domainEventRegistry } from '../../src/platform/event-store/domain-event-store.ts';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listFactsQuery } from './queries.ts';
import { FACTS } from './tables.ts';

const SHAPE = { companies: 150, quarters: 8, factsPerFiling: 60, revisionRate: 0 };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The facts table's access path(s) in the plan of one query. */
async function accessPaths(harness: Harness, query: { text: string; values: unknown[] }) {
  const { rows } = await harness.db.transaction(async (tx) => {
    // Bind the parameters' values so the planner sees the real company and instant.
    return tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>(`explain (format json) ${query.text}`, query.values);
  });
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(plan[0]?.Plan as PlanNode).filter((node) => node['Relation Name'] === FACTS || node['Index Name']?.startsWith(FACTS));
}

describeEachDatabase('facts: an as-of lookup for one company is an index range scan', (database) => {
  let harness: Harness;
  const companyOf = (c: number) => syntheticFiling(SHAPE, c, 0).data.companyId;

  beforeAll(async () => {
    harness = await openHarness(database);
    const events = [];
    for (let q = 0; q < SHAPE.quarters; q++) for (let c = 0; c < SHAPE.companies; c++) events.push(syntheticFiling(SHAPE, c, q));
    for (let i = 0; i < events.length; i += 100) {
      const batch = events.slice(i, i + 100);
      await harness.db.transaction(async (tx) => {
        for (const event of batch) {
          await appendPrepared(tx, streams.filing(event.data.filingId), prepareEvents(domainEventRegistry, [event]), 'any');
        }
      });
    }
    await harness.project();
    await harness.db.query(`analyze ${FACTS}`);
  });
  afterAll(() => harness.close());

  it('holds enough rows for the planner to prefer an index', async () => {
    const { rows } = await harness.db.query<{ n: number }>(`select count(*)::int8 as n from ${FACTS}`);
    expect(rows[0]?.n).toBe(SHAPE.companies * SHAPE.quarters * SHAPE.factsPerFiling);
  });

  // Every concept of a company: the company's range of the primary key or of the concept index,
  // whichever the planner costs lower for the page; never the table.
  const companyIndexes = [`${FACTS}_pk`, `${FACTS}_concept_ix`];

  it('reads as of an instant through an index range of the company, never a sequential scan', async () => {
    const paths = await accessPaths(harness, listFactsQuery({ companyId: companyOf(17), asOf: '2016-01-01T00:00:00Z', limit: 500 }));
    expect(paths.map((p) => p['Node Type'])).not.toContain('Seq Scan');
    expect(paths.some((p) => companyIndexes.includes(p['Index Name'] ?? ''))).toBe(true);
  });

  it("reads named concepts as of an instant through the concept index: only those keys' versions", async () => {
    const paths = await accessPaths(
      harness,
      listFactsQuery({ companyId: companyOf(17), concepts: ['Revenue', 'ProfitAfterTax'], asOf: '2016-01-01T00:00:00Z', limit: 500 }),
    );
    expect(paths.map((p) => p['Node Type'])).not.toContain('Seq Scan');
    // PGlite is PostgreSQL 18, whose B-tree skip scan can pass over the other keys inside the
    // primary key, so its planner may take either index; a server before 18 cannot skip.
    const expected = database.name === 'pglite' ? companyIndexes : [`${FACTS}_concept_ix`];
    expect(paths.map((p) => p['Index Name']).filter(Boolean)).toEqual([expect.toBeOneOf(expected)]);
  });

  it("reads the service's record at an instant (recorded_as_of) through an index range of the company too", async () => {
    const paths = await accessPaths(
      harness,
      listFactsQuery({ companyId: companyOf(17), recordedAsOf: '2030-01-01T00:00:00Z', asOf: '2016-01-01T00:00:00Z', limit: 500 }),
    );
    expect(paths.map((p) => p['Node Type'])).not.toContain('Seq Scan');
    expect(paths.some((p) => companyIndexes.includes(p['Index Name'] ?? ''))).toBe(true);
  });

  it('reads the current versions through an index', async () => {
    const paths = await accessPaths(harness, listFactsQuery({ companyId: companyOf(17), limit: 500 }));
    expect(paths.map((p) => p['Node Type'])).not.toContain('Seq Scan');
    expect(paths.some((p) => p['Index Name']?.startsWith(FACTS))).toBe(true);
  });
});
