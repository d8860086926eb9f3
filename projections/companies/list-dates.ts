import type { SqlExecutor } from '../../src/platform/db/db.ts';
import { toPgArray } from '../../src/platform/db/pg-array.ts';
import { istDateOf } from '../../src/domain/identity/claim-view.ts';
import { groupBy } from '../../src/domain/identity/group-by.ts';
import { issuerCodeOf } from '../../src/domain/identity/isin.ts';
import { dateLists, type ListContent, type ListDate } from '../../src/domain/identity/list-dates.ts';
import { SPEAKING_PARSE } from './current-claims.ts';
import { CLAIMS, LIST_DATES, PARSES, RECEIPTS } from './tables.ts';

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

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * What dating reads of every reference list whose latest parse was used: its given date (its
 * known_at, unless that is only its receipt), its newest listing date, and its equity ISINs
 * of issuers that more than one equity ISIN is seen for (no other ISIN can order two lists).
 * Only registrations are read: they come with the parse, before its outcome.
 */
async function listContents(tx: SqlExecutor): Promise<Array<ListContent & { format: string }>> {
  const formats = toPgArray(LIST_FORMATS);
  const { rows: lists } = await tx.query<ListRow>(`with ${LISTS} select document, format, file, known_at, received_at from lists`, [
    formats,
  ]);
  const { rows: stated } = await tx.query<{ document: string; scheme: string; value: string }>(
    `with ${LISTS}
     select c.document, c.scheme, c.value from ${CLAIMS} c join lists l on l.document = c.document
     where c.event_type = 'CompanyRegistered'
       and (c.scheme like 'listed:%' or (c.scheme = 'isin' and c.value like 'INE____01%'))
       and ((l.correlated and c.parse = l.parse) or (not l.correlated and c.parse is null))`,
    [formats],
  );
  const isins = stated.filter((row) => row.scheme === 'isin');
  const byIssuer = groupBy(
    isins,
    (row) => issuerCodeOf(row.value),
    (row) => row.value,
  );
  const renewed = new Set([...byIssuer].filter(([, values]) => new Set(values).size > 1).map(([issuer]) => issuer));
  const byDocument = groupBy(
    stated,
    (row) => row.document,
    (row) => row,
  );
  return lists.map((list) => {
    const own = byDocument.get(list.document) ?? [];
    const days = own.filter((row) => row.scheme.startsWith('listed:') && isDay(row.value)).map((row) => row.value);
    return {
      document: list.document,
      format: list.format,
      file: list.file,
      givenOn: list.received_at?.getTime() === list.known_at.getTime() ? null : istDateOf(list.known_at.toISOString()),
      newestListing: days.length > 0 ? days.reduce((a, b) => (a > b ? a : b)) : null,
      isins: [
        ...new Set(own.filter((row) => row.scheme === 'isin' && renewed.has(issuerCodeOf(row.value))).map((row) => row.value)),
      ].sort(),
    };
  });
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
