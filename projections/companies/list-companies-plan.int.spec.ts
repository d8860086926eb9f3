import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/databases.ts';
import { type Harness, openHarness } from '../../test/support/service-harness.ts';
import { listCompaniesQuery } from './list-companies.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

// A name search (GET /v1/companies?q=) used to scan every company and, for each, look up its
// former names: about 40 ms a search on the real corpus's 8,343 companies and 14,658 names,
// more than every other read of the service together while it ingested.
describeEachDatabase('companies: a search by name reads the names through their trigram indexes', (database) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.project();
    // As many companies and names as the real corpus has, 20 of them Tata's; each row
    // rewritten as the projection rewrites it at each claim that shows it, before a vacuum
    // (the real corpus's names: 3,591 pages for 14,658 rows), for the planner's statistics.
    await harness.db.query(`
      insert into rm_companies_v4 (company_id, name, listing_status, known_at, updated_at)
      select md5('company' || n)::uuid, case when n % 400 = 0 then 'Tata Company ' || n else 'Company ' || md5(n::text) end,
             'listed', now(), now()
      from generate_series(1, 8000) n`);
    await harness.db.query(`
      insert into rm_company_identifiers_v4 (scheme, value, company_id, known_at, is_current, linked_by, sources, source_count)
      select 'name', case when n % 700 = 0 then 'Tata Former ' || n else 'Former ' || md5(n::text) end,
             md5('company' || (n % 8000 + 1))::uuid, now(), false, 'test', '[]', 1
      from generate_series(1, 14000) n`);
    for (let claim = 0; claim < 6; claim++) {
      await harness.db.query(`update rm_companies_v4 set updated_at = now()`);
      await harness.db.query(`update rm_company_identifiers_v4 set last_seen = current_date`);
    }
    await harness.db.query('analyze rm_companies_v4');
    await harness.db.query('analyze rm_company_identifiers_v4');
  });
  afterAll(() => harness.close());

  /** The plan of the search's page statement, with sequential scans priced out when `scans` is false. */
  async function planOf(scans: boolean): Promise<PlanNode[]> {
    const { text, values } = listCompaniesQuery({ q: 'tata', limit: 10, offset: 0 });
    const plan = await harness.db.transaction(async (tx) => {
      if (!scans) await tx.query('set local enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>(`explain (format json) ${text}`, values);
      const raw = rows[0]?.['QUERY PLAN'];
      return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode;
    });
    return nodes(plan);
  }

  it('looks the former names up once for the statement, through their trigram index', async () => {
    const plan = await planOf(true);
    const scansNames = (node: PlanNode) => nodes(node).some((n) => n['Index Name'] === 'rm_company_identifiers_v4_name_trgm_ix');
    // The part of the plan that reads the names by the pattern and no company: an InitPlan
    // (once), not a SubPlan (once a company).
    const lookup = plan.filter(
      (node) => node['Parent Relationship'] && scansNames(node) && !nodes(node).some((n) => n['Relation Name'] === 'rm_companies_v4'),
    );
    expect(lookup.map((node) => node['Parent Relationship'])).toContain('InitPlan');
    expect(lookup.map((node) => node['Parent Relationship'])).not.toContain('SubPlan');
  });

  it('has an index that serves the current names by the pattern', async () => {
    // 8,000 short rows are cheap to scan whole, and PostgreSQL 15 does so here; the index is for
    // a projection's table grown wider and rewritten (the real corpus: a bitmap scan of it).
    const plan = await planOf(false);
    expect(plan.map((node) => node['Index Name'])).toContain('rm_companies_v4_name_trgm_ix');
    expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
  });
});
