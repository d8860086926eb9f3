import { type SqlExecutor, toPgArray } from '#platform/db';
import { istDateOf, dateLists, type ListContent, type ListDate } from '#domain/identity';
import { SPEAKING_PARSE } from './current-claims.ts';
import { CLAIMS, datingStatement, LIST_DATES, PARSES, RECEIPTS } from './tables.ts';

/** The formats of reference lists: what they state is dated by the list's day (list-dates.ts). */
export const LIST_FORMATS: readonly string[] = ['nse-equity-master', 'bse-scrip-list', 'bse-scrip-master-json', 'nifty-index-list'];

interface ListRow {
  document: string;
  format: string;
  file: string | null;
  known_at: Date;
  received_at: Date | null;
}

// The reference lists whose speaking parse parsed; the statements of that parse.
const LISTS = `lists as (
  select cp.document, cp.parse, cp.correlated, cp.format, p.known_at, p.file, r.received_at
  from (select distinct document from ${PARSES} where format = any($1::text[])) d
  ${SPEAKING_PARSE('d.document')}
  join ${PARSES} p on p.parse = cp.parse
  left join ${RECEIPTS} r on r.document = cp.document
  where cp.parsed and cp.format = any($1::text[]))`;

/**
 * What dating reads of every reference list whose latest parse was used: its given date (its
 * known_at, unless that is only its receipt), its newest listing date, and its equity ISINs
 * of issuers that more than one equity ISIN is seen for (no other ISIN can order two lists).
 * Only registrations are read: they come with the parse, before its outcome. Worked out in
 * the database, which returns a row per list instead of the lists' thousands of statements.
 */
async function listContents(tx: SqlExecutor): Promise<Array<ListContent & { format: string }>> {
  const { rows } = await tx.query<ListRow & { newest: string | null; isins: string[] }>(
    `with ${LISTS},
     stated as materialized (
       select c.document, c.scheme, c.value collate "C" as value
       from lists l cross join lateral (
         select x.document, x.scheme, x.value from ${CLAIMS} x
         where x.document = l.document and x.parse = l.parse and l.correlated and ${datingStatement('x.')}
         union all
         select x.document, x.scheme, x.value from ${CLAIMS} x
         where x.document = l.document and x.parse is null and not l.correlated and ${datingStatement('x.')}) c),
     newest as (
       select document, max(value) as newest from stated
       where scheme like 'listed:%' and value ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' group by document),
     -- An issuer "renewed": more than one equity ISIN of it among all lists.
     issuers as (
       select document, value, min(value) over w <> max(value) over w as renewed
       from stated where scheme = 'isin' window w as (partition by substr(value, 4, 4))),
     isins as (
       select document, array_agg(distinct value order by value) as isins from issuers where renewed group by document)
     select l.document, l.format, l.file, l.known_at, l.received_at, n.newest, coalesce(i.isins, '{}') as isins
     from lists l left join newest n on n.document = l.document left join isins i on i.document = l.document`,
    [toPgArray(LIST_FORMATS)],
  );
  return rows.map((list) => ({
    document: list.document,
    format: list.format,
    file: list.file,
    givenOn: list.received_at?.getTime() === list.known_at.getTime() ? null : istDateOf(list.known_at.toISOString()),
    newestListing: list.newest,
    isins: list.isins,
  }));
}

const same = (a: ListDate, b: ListDate) => a.on === b.on && a.inferred === b.inferred && a.rank === b.rank && a.basis === b.basis;

/**
 * Dates every reference list again from what all of them state, and stores what changed.
 * Returns the lists whose day or order changed (or that stopped counting), with their format:
 * what they state must be derived again.
 */
export async function redateLists(tx: SqlExecutor): Promise<Array<{ document: string; format: string | null }>> {
  const contents = await listContents(tx);
  const formats = new Map(contents.map((c) => [c.document, c.format]));
  const dates = dateLists(contents);
  const { rows } = await tx.query<{ document: string; observed_on: string | null; inferred: boolean; rank: number; basis: string }>(
    `select document, observed_on::text as observed_on, inferred, rank, basis from ${LIST_DATES}`,
  );
  const stored = new Map(rows.map((row) => [row.document, { ...row, on: row.observed_on }]));
  const changed = dates.filter((date) => {
    const before = stored.get(date.document);
    return !before || !same(before, date);
  });
  const gone = [...stored.keys()].filter((document) => !formats.has(document));
  const replaced = [...changed.map((date) => date.document), ...gone];
  if (replaced.length === 0) return [];
  await tx.query(`delete from ${LIST_DATES} where document = any($1::text[])`, [toPgArray(replaced)]);
  await tx.query(
    `insert into ${LIST_DATES} (document, observed_on, inferred, rank, basis)
     select * from unnest($1::text[], $2::date[], $3::boolean[], $4::integer[], $5::text[])`,
    [
      toPgArray(changed.map((d) => d.document)),
      toPgArray(changed.map((d) => d.on)),
      toPgArray(changed.map((d) => d.inferred)),
      toPgArray(changed.map((d) => d.rank)),
      toPgArray(changed.map((d) => d.basis)),
    ],
  );
  return replaced.map((document) => ({ document, format: formats.get(document) ?? null }));
}

/** Whether a batch can change how lists are dated: a list's parse ended in it, or statements of a parsed list came after its outcome. */
export async function listsMayChange(
  tx: SqlExecutor,
  outcomeFormats: readonly string[],
  claimDocuments: readonly string[],
): Promise<boolean> {
  if (outcomeFormats.some((format) => LIST_FORMATS.includes(format))) return true;
  if (claimDocuments.length === 0) return false;
  const { rows } = await tx.query(`select 1 from ${PARSES} where document = any($1::text[]) and format = any($2::text[]) limit 1`, [
    toPgArray(claimDocuments),
    toPgArray(LIST_FORMATS),
  ]);
  return rows.length > 0;
}
