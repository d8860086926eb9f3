// npm run bench:as-of-depth [-- --reads N]
// Whether an as-of read costs more as a fact's history deepens. On a PostgreSQL server: the
// bench:api companies (a smaller set), then three of them re-file one quarter so that each
// fact key of that filing has 1, 10 or 100 versions. The API's facts statement
// (projections/facts/queries.ts, one concept, one basis, quarterly) is timed for each depth,
// as of an instant after every version and as of one in the middle of the history, in turns
// so that load on the machine falls on every depth alike. Recorded in docs/benchmarks.md
// beside the issue's limit: p50 at 100 versions within 1.2x of p50 at 1.
import { parseArgs } from 'node:util';
import { streamFor } from '#schemas/events';
import { listFactsQuery, FACTS } from '#projections/facts';
import { PROJECTIONS } from '#projections';
import { openPgPool } from '#platform/db-engines';
import { appendPrepared, prepareEvents, createDomainEventStore, domainEventRegistry } from '#platform/event-store';
import { catchUp } from '#platform/projector';
import { buildApiDataset } from './api-dataset.ts';
import { machine, percentile, recordSection } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';
import { syntheticCompanyId, syntheticFiling, type SyntheticShape } from './synthetic-filings.ts';

const LIMIT_RATIO = 1.2;
const DEPTHS = [1, 10, 100] as const;
/** Companies 0, 1 and 2 hold the deep histories; their first quarter is re-filed depth − 1 times. */
const SHAPE: SyntheticShape = { companies: 500, quarters: 20, factsPerFiling: 40, revisionRate: 0.1 };
const log = (message: string) => process.stderr.write(`[bench:as-of-depth] ${message}\n`);

const { values } = parseArgs({ options: { reads: { type: 'string', default: '2000' } } });
const reads = Number(values.reads);
if (!Number.isInteger(reads) || reads < 100 || reads > 100_000) throw new Error('--reads takes a whole number from 100 to 100,000');

const ms = (value: number) => value.toFixed(3);

await withServerDatabase(async (url) => {
  const db = await openPgPool(url, { max: 4 });
  try {
    log(`building ${SHAPE.companies} companies x ${SHAPE.quarters} quarters x ${SHAPE.factsPerFiling} facts`);
    await buildApiDataset(db, SHAPE, log);
    // Re-filings of quarter 0 by company 1 (9) and company 2 (99): every fact key of that
    // filing gets one version per filing. Company 0 keeps its one version.
    const refilings = DEPTHS.flatMap((depth, c) => Array.from({ length: depth - 1 }, (_, r) => syntheticFiling(SHAPE, c, 0, r + 1)));
    for (const event of refilings) {
      const rows = prepareEvents(domainEventRegistry, [event]);
      await db.transaction((tx) => appendPrepared(tx, streamFor(event), rows, 'any'));
    }
    const store = createDomainEventStore(db);
    await catchUp(db, store, PROJECTIONS, { batchSize: 500 });
    await store.close();
    // A re-filing supersedes the versions before it by updating them, which leaves their old
    // row versions behind until vacuum; autovacuum clears them on a running server, so the
    // reads are timed in that steady state rather than in the minutes after a bulk load.
    await db.query('vacuum analyze');

    const first = syntheticFiling(SHAPE, 0, 0);
    const fact = first.data.facts.find((f) => f.period.type === 'quarterly');
    if (!fact) throw new Error('the synthetic filing has no quarterly fact');
    const periodEnd = first.data.periodEnd;
    const versionsOf = async (c: number) => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${FACTS} where company_id = $1 and concept = $2 and basis = $3 and period_end = $4 and period_type = 'quarterly'`,
        [syntheticCompanyId(c), fact.concept, fact.basis, periodEnd],
      );
      return rows[0]?.n ?? 0;
    };
    const counted = await Promise.all(DEPTHS.map((_, c) => versionsOf(c)));
    if (counted.join() !== DEPTHS.join()) throw new Error(`expected ${DEPTHS.join(', ')} versions, found ${counted.join(', ')}`);

    // After every version; and halfway through the deepest history (its 50th re-filing).
    const asOfs = { 'after every version': '2035-01-01T00:00:00.000Z', 'mid-history': syntheticFiling(SHAPE, 2, 0, 50).metadata.knownAt };
    const statements = Object.entries(asOfs).flatMap(([when, asOf]) =>
      DEPTHS.map((depth, c) => ({
        when,
        depth,
        ...listFactsQuery({
          companyId: syntheticCompanyId(c),
          concepts: [fact.concept],
          basis: fact.basis,
          period: 'quarterly',
          asOf,
          limit: 500,
        }),
      })),
    );
    const timings = statements.map(() => [] as number[]);
    log(`timing ${reads} reads per depth and instant, in turns`);
    for (let round = 0; round < reads + 50; round++) {
      for (const [i, statement] of statements.entries()) {
        const started = performance.now();
        await db.query(statement.text, statement.values);
        if (round >= 50) timings[i]?.push(performance.now() - started);
      }
    }
    const rows = statements.map((statement, i) => {
      const times = timings[i] ?? [];
      return { ...statement, p50: percentile(times, 50), p99: percentile(times, 99) };
    });
    const p50Of = (when: string, depth: number) => rows.find((r) => r.when === when && r.depth === depth)?.p50 ?? NaN;
    const table = rows.map((r) => {
      const ratio = r.p50 / p50Of(r.when, 1);
      const verdict = r.depth === 100 ? (ratio <= LIMIT_RATIO ? 'within' : 'over') : '';
      return `| ${r.when} | ${r.depth} | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio.toFixed(2)}x | ${r.depth === 100 ? `${LIMIT_RATIO}x ${verdict}` : ''} |`;
    });
    const lines = [
      `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${await serverVersion(url)} on the same machine.`,
      '',
      `Command: \`npm run bench:as-of-depth\`: ${SHAPE.companies.toLocaleString('en-US')} synthetic companies x ${SHAPE.quarters} quarters x ${SHAPE.factsPerFiling} facts (10% of filings revised once), then three companies whose first quarter is filed 1, 10 and 100 times, so each fact key of that filing has that many versions; then \`vacuum analyze\`, the state autovacuum keeps. The API's facts statement for one of those keys (\`${fact.concept}\`, ${fact.basis}, quarterly; \`listFactsQuery\`), ${reads.toLocaleString('en-US')} times per depth and instant in turns, on one connection, after 50 warm-up rounds; milliseconds in the database client.`,
      '',
      '| as of | versions of the key | p50 ms | p99 ms | p50 against 1 version | limit |',
      '|---|---|---|---|---|---|',
      ...table,
    ];
    await recordSection('bench:as-of-depth', lines);
    console.log(lines.join('\n'));
  } finally {
    await db.close();
  }
});
