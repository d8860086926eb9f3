import { beforeAll, expect, it } from 'vitest';
import { COMPANIES, COMPANY_IDENTIFIERS } from '#projections/companies/tables';
import type { QueryResult, SqlExecutor } from '#platform/db/db';
import { toPgArray } from '#platform/db/pg-array';
import { givenCompanyRegistered } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { suiteHarness } from '../../../test/support/suite-harness.ts';
import { findSimilarCompanies } from './find-similar-companies.ts';
import { withTrigramThresholds } from './with-trigram-thresholds.ts';

const WORDS = ['Cement', 'Steel', 'Power', 'Textile', 'Pharma', 'Chemical', 'Finance', 'Motor', 'Sugar', 'Paper'];
const PLACES = ['Gujarat', 'Madras', 'Bombay', 'Deccan', 'Punjab', 'Bengal', 'Kerala', 'Orissa', 'Mysore', 'Assam'];

/** The plan of each statement run through it, instead of its rows. */
function explaining(tx: SqlExecutor, plans: string[]): SqlExecutor {
  return {
    ...tx,
    query: async <R extends object>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0 };
    },
  };
}

describeEachDatabase('company search reads the trigram indexes, not every name (docs/search.md#speed)', (database) => {
  const harness = suiteHarness(database);

  beforeAll(async () => {
    // 300 companies: enough that reading each name, normalising it, is dear next to the index.
    const companies = WORDS.flatMap((word, w) =>
      PLACES.flatMap((place, p) =>
        [1, 2, 3].map((n) => givenCompanyRegistered({ name: `${place} ${word} Industries ${n} Ltd`, nseSymbol: `S${w}${p}${n}` })),
      ),
    );
    await harness.append(...companies);
    await harness.project();
    await harness.db.query(`analyze ${COMPANIES}`);
  }, 120_000);

  it('finds a name through the index on its normalised form', async () => {
    const plans: string[] = [];
    await withTrigramThresholds(harness.db, (tx) => findSimilarCompanies(explaining(tx, plans), 'gujarat cement', 10));
    expect(plans.join('\n')).toContain(`Bitmap Index Scan on ${COMPANIES}_search_name_trgm_ix`);
    expect(plans.join('\n')).not.toContain(`Seq Scan on ${COMPANIES}`);
  });

  // PGlite has no autovacuum to merge a GIN index's pending list; the projection merges it
  // after each transaction there (mergePendingNames), so a search never reads a long one.
  it.runIf(database.name !== 'postgres')("leaves nothing in the name indexes' pending lists once projected", async () => {
    const { rows } = await harness.db.query<{ name: string; pages: number | string }>(
      `select name, gin_clean_pending_list(name::regclass) as pages from unnest($1::text[]) as name order by name`,
      [toPgArray([`${COMPANIES}_search_name_trgm_ix`, `${COMPANIES}_name_trgm_ix`, `${COMPANY_IDENTIFIERS}_search_name_trgm_ix`])],
    );
    expect(rows.map((row) => [row.name, Number(row.pages)])).toEqual([
      [`${COMPANIES}_name_trgm_ix`, 0],
      [`${COMPANIES}_search_name_trgm_ix`, 0],
      [`${COMPANY_IDENTIFIERS}_search_name_trgm_ix`, 0],
    ]);
  });
});
