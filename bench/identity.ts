/**
 * npm run bench:identity [-- --no-write]
 *
 * Ingests the shared real corpus (master lists, index lists, nse_filings, shareholding,
 * corporate actions, daily prices, bhavcopies, announcements) on a fresh database of the
 * PostgreSQL server in one command with no dates given, as test/ingest/real-corpus.int.spec.ts
 * does, and records the security master's figures in docs/benchmarks.md: the day each list
 * was dated by its content, companies, symbols with more than one record, facts unreachable
 * by their ticker, and the links made, by rule.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { COMPANY_IDENTIFIERS } from '#projections/companies';
import { FACT_FILINGS, FACTS } from '#projections/facts';
import { hasSharedData } from '../test/support/shared-data.ts';
import { nseFilingsIndex, REAL_CORPUS_PATHS, realPath } from '../test/support/real-corpus.ts';
import { machine, recordSection } from './report.ts';
import { serverVersion, withServerDatabase } from './server-database.ts';

const run = promisify(execFile);
const { values } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });
const ROOT = fileURLToPath(new URL('..', import.meta.url));

if (!hasSharedData) {
  console.error('bench:identity needs ../shared/data/real');
  process.exit(1);
}

async function ingest(url: string): Promise<number> {
  const started = Date.now();
  const args = ['--import', 'tsx', 'services/ingest/main.ts', ...REAL_CORPUS_PATHS.map(realPath)];
  await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, maxBuffer: 1 << 24 });
  return (Date.now() - started) / 1000;
}

/** One number from a query. */
async function count(client: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

// A row without a company id is linked when read: by its BSE code, else its NSE symbol, on its day.
const linkedWhenRead = (table: string, alias: string, day: string) => `
  select count(*) filter (where ${alias}.company_id is not null) as isin,
         count(*) filter (where ${alias}.company_id is null and exists (
           select 1 from rm_company_identifiers_v4 i where i.scheme = 'bse' and i.value = ${alias}.reported_bse_code
             and (i.resolve_from is null or i.resolve_from <= ${day}) and (i.resolve_to is null or ${day} < i.resolve_to))) as bse,
         count(*) filter (where ${alias}.company_id is null and not exists (
           select 1 from rm_company_identifiers_v4 i where i.scheme = 'bse' and i.value = ${alias}.reported_bse_code) and exists (
           select 1 from rm_company_identifiers_v4 i where i.scheme = 'nse' and i.value = ${alias}.reported_nse_symbol
             and (i.resolve_from is null or i.resolve_from <= ${day}) and (i.resolve_to is null or ${day} < i.resolve_to))) as nse,
         count(*) as total
  from ${table} ${alias}`;

async function figures(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const companies = await client.query<{ status: string; n: string }>(
      `select listing_status as status, count(*) as n from rm_companies_v4 group by 1 order by 1`,
    );
    let unreachable = 0;
    let facts = 0;
    for (const { symbol, files } of nseFilingsIndex()) {
      const { rows } = await client.query<{ total: string; unreachable: string }>(
        `with holder as (select company_id from ${COMPANY_IDENTIFIERS} where scheme = 'nse' and value = $1 and resolve_to is null)
         select count(*) as total, count(*) filter (where f.company_id is distinct from (select company_id from holder)) as unreachable
         from ${FACTS} f join ${FACT_FILINGS} ff using (filing_id)
         where regexp_replace(ff.source_file, '^\\d{2}[A-Za-z]{3}\\d{4}_\\d{4}_', '') = any($2::text[])`,
        [symbol, [...files]],
      );
      facts += Number(rows[0]?.total ?? 0);
      unreachable += Number(rows[0]?.unreachable ?? 0);
    }
    const datasets: Array<[string, string, string]> = [
      [
        'corporate actions',
        'rm_corporate_actions_v2',
        "coalesce(a.ex_date, a.record_date, (a.known_at at time zone 'Asia/Kolkata')::date)",
      ],
      ['disclosures', 'rm_disclosures_v2', "(a.published_at at time zone 'Asia/Kolkata')::date"],
      ['shareholding snapshots', 'rm_shareholding_v2', 'a.period_end'],
      ['filings', 'rm_filings_v3', "coalesce(a.period_end, (a.known_at at time zone 'Asia/Kolkata')::date)"],
    ];
    const links = [];
    for (const [name, table, day] of datasets) {
      const { rows } = await client.query<{ isin: string; bse: string; nse: string; total: string }>(linkedWhenRead(table, 'a', day));
      links.push({ name, ...rows[0] });
    }
    return {
      companies: companies.rows.map((r) => `${Number(r.n).toLocaleString('en-US')} ${r.status}`).join(', '),
      total: await count(client, 'select count(*) as n from rm_companies_v4'),
      issuerAnchors: await count(client, "select count(*) as n from rm_identity_anchors_v4 where anchor like 'issuer:%'"),
      codeAnchors: await count(client, "select count(*) as n from rm_identity_anchors_v4 where anchor like 'bse:%'"),
      mergedCodes: await count(client, "select count(*) as n from rm_company_aliases_v4 where kind = 'merged_anchor'"),
      legacyIds: await count(client, "select count(*) as n from rm_company_aliases_v4 where kind = 'isin_record'"),
      symbolsOnSeveral: await count(
        client,
        'select count(*) as n from (select nse_symbol from rm_companies_v4 where nse_symbol is not null group by 1 having count(*) > 1) s',
      ),
      symbolsHeldTwice: await count(
        client,
        "select count(*) as n from (select value from ${COMPANY_IDENTIFIERS} where scheme = 'nse' group by 1 having count(*) > 1) s",
      ),
      identifiers: (
        await client.query<{ scheme: string; linked_by: string; n: string }>(
          `select scheme, linked_by, count(*) as n from ${COMPANY_IDENTIFIERS} where scheme <> 'name' group by 1, 2 order by 1, 2`,
        )
      ).rows,
      chains: await count(client, 'select count(distinct chain) as n from rm_symbol_chains_v4'),
      lists: (
        await client.query<{ file: string; observed_on: string | null; rank: number; basis: string }>(
          `select distinct p.file, d.observed_on::text as observed_on, d.rank, d.basis
           from rm_identity_list_dates_v4 d join rm_identity_parses_v4 p using (document) order by 2 nulls first, 3, 1`,
        )
      ).rows,
      facts,
      unreachable,
      links,
    };
  } finally {
    await client.end();
  }
}

const result = await withServerDatabase(async (url) => ({
  seconds: await ingest(url),
  ...(await figures(url)),
  database: await serverVersion(url),
}));
const n = (value: number | string | undefined) => Number(value ?? 0).toLocaleString('en-US');
const lines = [
  `Run ${new Date().toISOString().slice(0, 10)} on ${machine()}, ${result.database}. The shared corpus ingested as`,
  '`test/ingest/real-corpus.int.spec.ts` does (one command, no date given for any list), in',
  `${Math.round(result.seconds)} s.`,
  '',
  'The day each reference list shows, inferred from its content (the earliest it can be; docs/identity.md):',
  '',
  '| list | day | rank | why |',
  '|---|---|---|---|',
  ...result.lists.map((l) => `| ${l.file} | ${l.observed_on ?? 'none'} | ${l.rank} | ${l.basis} |`),
  '',
  '| figure | this version | target | the previous version (5c55865), same files |',
  '|---|---|---|---|',
  `| companies | ${n(result.total)} (${result.companies}) | one per issuer | 6,968, one per ISIN |`,
  `| NSE symbols with more than one company record | ${n(result.symbolsOnSeveral)} | 0 | 119 |`,
  `| facts of the 71 index symbols' filings not under the company the symbol names | ${n(result.unreachable)} of ${n(result.facts)} | 0 | 47,959 of 146,231 |`,
  `| NSE symbols held by two companies over time (resolved by date) | ${n(result.symbolsHeldTwice)} | | |`,
  '',
  'Links, by rule:',
  '',
  '| rule | count |',
  '|---|---|',
  `| companies anchored on an ISIN's issuer code | ${n(result.issuerAnchors)} |`,
  `| BSE scrips anchored on their code (no ISIN in any list) | ${n(result.codeAnchors)}, of which ${n(result.mergedCodes)} merged into an issuer a later list tied the code to |`,
  `| ids of the previous version (one per ISIN) kept as aliases | ${n(result.legacyIds)} |`,
  ...result.identifiers.map(
    (i) => `| ${i.scheme} identifiers linked by ${i.linked_by === 'isin' ? 'the issuer code of an ISIN' : 'a BSE code'} | ${n(i.n)} |`,
  ),
  `| symbol chains from security-wise price histories (UTIBANK → AXISBANK) | ${n(result.chains)} |`,
  ...result.links.map(
    (l) =>
      `| ${l.name}: by a stated ISIN / by BSE code when read / by NSE symbol when read / not linked | ${n(l.isin)} / ${n(l.bse)} / ${n(l.nse)} / ${n(Number(l.total) - Number(l.isin) - Number(l.bse) - Number(l.nse))} of ${n(l.total)} |`,
  ),
  '',
  "The previous version's figures were measured on the same machine and day from a store it",
  'wrote of the same folders (one `npm run ingest` run): companies `count(*)` of',
  "`rm_companies_v2`; symbols with more than one record; facts whose filing's symbol did not",
  "resolve to the facts' company. Rows not linked are BSE scrips listed after the 2024 list",
  '(no list names them), ETFs, and announcements of companies in no list.',
  '',
];
console.log(lines.join('\n'));
if (!values['no-write']) await recordSection('Identity: the security master on the real corpus', lines);
