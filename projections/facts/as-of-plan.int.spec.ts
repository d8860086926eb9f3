import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streams } from '#schemas/events/streams';
import { syntheticFiling } from '../../bench/synthetic-filings.ts';
import { appendPrepared, prepareEvents } from '#platform/event-store/append-to-stream';
import { domainEventRegistry } from '#platform/event-store/domain-event-store';
import { toPgArray } from '#platform/db/pg-array';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import type { Fact } from '#schemas/read-models/fact';
import { type ListFactsParams, listFacts, listFactsQuery, positionOf } from './queries.ts';
import { FACTS } from './tables.ts';

const SHAPE = { companies: 150, quarters: 8, factsPerFiling: 60, revisionRate: 0 };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

// The values listFactsQuery binds: text, numbers, null and arrays of text.
const literal = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return pg.escapeLiteral(toPgArray(value as string[]));
  if (typeof value === 'string' || typeof value === 'number') return pg.escapeLiteral(String(value));
  throw new Error(`a value of listFactsQuery not written here: ${typeof value}`);
};

type Plan = { 'QUERY PLAN': Array<{ Plan: PlanNode }> | string };

/**
 * The facts table's access path(s) in the plan of one query: planned for its values, or
 * (`generic`) the generic plan the server's text reads run (pg-pool.ts), planned without them.
 */
async function accessPaths(harness: Harness, query: { text: string; values: unknown[] }, generic = false) {
  const { rows } = await harness.db.transaction(async (tx) => {
    if (!generic) {
      // Bind the parameters' values so the planner sees the real company and instant.
      return tx.query<Plan>(`explain (format json) ${query.text}`, query.values);
    }
    await tx.query('set local plan_cache_mode = force_generic_plan');
    await tx.query(`prepare imd_plan_check as ${query.text}`);
    const explained = await tx.query<Plan>(`explain (format json) execute imd_plan_check(${query.values.map(literal).join(', ')})`);
    await tx.query('deallocate imd_plan_check');
    return explained;
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

  it('reads a page of named concepts alike whether in period order (a few rows a concept) or chosen first (more)', async () => {
    const page = { companyId: companyOf(17), concepts: ['Revenue' as const, 'ProfitAfterTax' as const], asOf: '2016-01-01T00:00:00Z' };
    // Two concepts: up to 24 rows in period order, 25 and more chosen first.
    expect(listFactsQuery({ ...page, limit: 24 }).text).not.toMatch(/chosen/);
    expect(listFactsQuery({ ...page, limit: 25 }).text).toMatch(/with chosen/);
    const all = await listFacts(harness.db, { ...page, limit: 500 });
    expect(all.length).toBeGreaterThanOrEqual(20);
    const after = positionOf(all[9] as Fact);
    const reads: Array<[ListFactsParams, Fact[]]> = [
      ...[1, 5, 12, 24].map((limit): [ListFactsParams, Fact[]] => [{ ...page, limit }, all.slice(0, limit)]),
      [{ ...page, limit: 5, offset: 3 }, all.slice(3, 8)],
      [{ ...page, limit: 25, offset: 3 }, all.slice(3, 28)],
      [{ ...page, limit: 5, after }, all.slice(10, 15)],
      [{ ...page, limit: 25, after }, all.slice(10, 35)],
    ];
    for (const [params, expected] of reads) expect(await listFacts(harness.db, params)).toEqual(expected);
  });

  // The server reads facts through prepared statements planned once for any values
  // (pg-pool.ts): each shape's generic plan must read the company's range of an index too.
  if (database.name === 'postgres') {
    const shapes = {
      'one fact as of an instant': { concepts: ['Revenue' as const], asOf: '2016-01-01T00:00:00Z', limit: 1 },
      'named concepts as of an instant': {
        concepts: ['Revenue' as const, 'ProfitAfterTax' as const],
        asOf: '2016-01-01T00:00:00Z',
        limit: 500,
      },
      'every concept as of an instant': { asOf: '2016-01-01T00:00:00Z', limit: 500 },
      'one basis, current versions': { basis: 'consolidated' as const, limit: 500 },
      "the service's record at an instant": { recordedAsOf: '2030-01-01T00:00:00Z', asOf: '2016-01-01T00:00:00Z', limit: 500 },
      'fiscal years, a page after a position': {
        concepts: ['Revenue' as const],
        fromFiscalYear: 2012,
        toFiscalYear: 2015,
        after: { periodEnd: '2015-03-31', periodType: 'quarterly' as const, concept: 'Revenue' as const, basis: 'consolidated' as const },
        limit: 500,
      },
    };
    it("plans a page of most of the named concepts' versions generically through the concept index alone", async () => {
      const page = { concepts: ['Revenue' as const, 'ProfitAfterTax' as const], asOf: '2016-01-01T00:00:00Z', limit: 500 };
      const paths = await accessPaths(harness, listFactsQuery({ companyId: companyOf(17), ...page }), true);
      expect(paths.map((p) => p['Index Name']).filter(Boolean)).toEqual([`${FACTS}_concept_ix`]);
    });

    it.each(Object.entries(shapes))('plans %s generically through an index range of the company', async (_, shape) => {
      const paths = await accessPaths(harness, listFactsQuery({ companyId: companyOf(17), ...shape }), true);
      expect(paths.map((p) => p['Node Type'])).not.toContain('Seq Scan');
      expect(paths.some((p) => companyIndexes.includes(p['Index Name'] ?? ''))).toBe(true);
    });
  }
});
