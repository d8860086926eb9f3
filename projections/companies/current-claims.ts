import { type SqlExecutor, toPgArray } from '#platform/db';
import {
  type Anchor,
  type Claim,
  type ClaimEventType,
  type ClaimScheme,
  type ClaimDating,
  type ClaimView,
  placeInTime,
  viewOfClaim,
  type Snapshot,
} from '#domain/identity';
import { CLAIMS, LIST_DATES, PARSES, RECEIPTS } from './tables.ts';
import { lookupTable } from '#platform/lookup-table';
import { keyedRows } from './keyed-rows.ts';

/**
 * Each document's parse that speaks for it: the highest parser version, then the latest.
 * A claim counts when it belongs to that parse; claims written before parses carried their
 * id (`parse` null) count while the speaking parse is one of theirs (not correlated), and
 * a document with no recorded parse yet speaks through all of its claims.
 */
export const SPEAKING_PARSE = (document: string) => `left join lateral (
    select p.document, p.parse, p.correlated, p.format, p.parsed from ${PARSES} p
    where p.document = ${document} order by p.parser_version desc, p.position desc limit 1) cp on true`;

/** Whether the row `c` (with a `parse` column) counts, given its document's speaking parse `cp`. */
export const COUNTS = `(cp.document is null or (cp.correlated and c.parse = cp.parse) or (not cp.correlated and c.parse is null))`;

/** An instant as `Date.toISOString` writes it, so claims compare as text. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How a document is dated: its receipt, and the day of its list when it is a reference list. */
interface DocumentDating {
  received_at: string | null;
  listed: boolean;
  list_on: string | null;
  list_inferred: boolean | null;
  list_rank: number | null;
}

/** The columns of `DocumentDating`, for a document `d` joined to `r` (receipts) and `ld` (list dates). */
const DATING_COLUMNS = `${iso('r.received_at')} as received_at, ld.document is not null as listed, ld.observed_on::text as list_on,
  ld.inferred as list_inferred, ld.rank as list_rank`;

const datingOf = (doc: DocumentDating | undefined, knownAt: string): ClaimDating => ({
  received: doc?.received_at === knownAt,
  list: doc?.listed ? { on: doc.list_on, inferred: doc.list_inferred ?? false, rank: doc.list_rank ?? 0 } : undefined,
});

interface DocumentRow extends DocumentDating {
  document: string;
  speaking: string | null;
  correlated: boolean | null;
  format: string | null;
  source: string | null;
  source_file: string | null;
  source_url: string | null;
}

interface ClaimRow {
  statement: string;
  scheme: string;
  value: string;
  anchor: string;
  known_at: string;
  event_type: string;
  document: string | null;
  parse: string | null;
  /** Only for a claim of no document; else the document's. */
  source: string | null;
  source_file: string | null;
  source_url: string | null;
}

/** The claims of the given anchors, each anchor one probe of the anchor index. */
const CLAIMS_OF_ANCHORS = keyedRows(CLAIMS, 'anchor', '$1::text[]', 'c');

/** A document's latest statement among those of `where`: what it says of its source. */
const latestStatement = (as: string, where: string) => `left join lateral (
    select c.known_at, c.source, c.source_file, c.source_url from ${CLAIMS} c
    where c.document = d.document and ${where} order by c.known_at desc limit 1) ${as} on true`;

/**
 * The documents of the anchors' claims, with their speaking parse, dating and source: the
 * source of the latest statement that counts, of the speaking parse (`own`), of none when
 * the speaking parse is not correlated (`legacy`), or of any when no parse is recorded
 * (`any_`). Each is one probe of the (document, parse, known_at) index, not a read of the
 * document's statements: a master list's number thousands, and every slice reads it.
 */
const DOCUMENTS = `with documents as (
    select d.document, cp.parse as speaking, cp.correlated, cp.format
    from (select distinct c.document from ${CLAIMS_OF_ANCHORS} where c.document is not null) d
    ${SPEAKING_PARSE('d.document')})
  select d.document, d.speaking::text as speaking, d.correlated, d.format, ${DATING_COLUMNS},
         one.source, one.source_file, one.source_url
  from documents d
  left join ${RECEIPTS} r on r.document = d.document
  left join ${LIST_DATES} ld on ld.document = d.document
  ${latestStatement('own', 'c.parse = d.speaking')}
  ${latestStatement('legacy', 'c.parse is null and not coalesce(d.correlated, false)')}
  ${latestStatement('any_', 'd.speaking is null')}
  cross join lateral (
    select s.* from (values (own.known_at, own.source, own.source_file, own.source_url),
                            (legacy.known_at, legacy.source, legacy.source_file, legacy.source_url),
                            (any_.known_at, any_.source, any_.source_file, any_.source_url)) as s(known_at, source, source_file, source_url)
    order by s.known_at desc nulls last limit 1) one`;

/** Whether a claim counts, given its document's speaking parse (COUNTS, in code). */
const counts = (row: ClaimRow, doc: DocumentRow | undefined) =>
  !doc || doc.speaking === null || (doc.correlated ? row.parse === doc.speaking : row.parse === null);

/**
 * The claims that count of the given anchors, as derivation reads them. What is the same
 * for every claim of a document (its parse's format, its receipt, its source and file) is
 * read once per document: a master list's claims number thousands.
 */
export async function currentClaimsOf(tx: SqlExecutor, anchors: readonly string[]): Promise<ClaimView[]> {
  if (anchors.length === 0) return [];
  const list = toPgArray(anchors);
  const { rows: documents } = await tx.query<DocumentRow>(DOCUMENTS, [list]);
  const { rows } = await tx.query<ClaimRow>(
    `select c.statement::text as statement, c.scheme, c.value, c.anchor, ${iso('c.known_at')} as known_at, c.event_type, c.document,
            c.parse::text as parse,
            case when c.document is null then c.source end as source,
            case when c.document is null then c.source_file end as source_file,
            case when c.document is null then c.source_url end as source_url
     from ${CLAIMS_OF_ANCHORS}`,
    [list],
  );
  const byDocument = new Map(documents.map((d) => [d.document, d]));
  return rows.flatMap((row) => {
    const doc = row.document ? byDocument.get(row.document) : undefined;
    if (!counts(row, doc)) return [];
    const claim: Claim = {
      statement: row.statement,
      scheme: row.scheme as ClaimScheme,
      value: row.value,
      anchor: row.anchor as Anchor,
      knownAt: row.known_at,
      eventType: row.event_type as ClaimEventType,
      source: doc?.source ?? row.source ?? '',
      document: row.document,
      parse: null,
      sourceFile: doc ? doc.source_file : row.source_file,
      sourceUrl: doc ? doc.source_url : row.source_url,
    };
    return [viewOfClaim(claim, doc?.format ?? null, datingOf(doc, row.known_at))];
  });
}

/** Current `bse` claims on issuer anchors naming the given codes: which issuer each BSE code belongs to, and when it was said last. */
export async function issuersClaimingBseCodes(
  tx: SqlExecutor,
  codes: readonly string[],
): Promise<Array<{ code: string; anchor: string; sequence: string }>> {
  if (codes.length === 0) return [];
  const { rows } = await tx.query<{ code: string; anchor: string; known_at: string } & DocumentDating>(
    `with claimed as (select * from ${CLAIMS} where scheme = 'bse' and value = any($1::text[]) and anchor like 'issuer:%'),
     speaking as (select d.document as doc, cp.* from (select distinct document from claimed) d ${SPEAKING_PARSE('d.document')})
     select distinct c.value as code, c.anchor, ${iso('c.known_at')} as known_at, ${DATING_COLUMNS}
     from claimed c left join speaking cp on cp.doc = c.document
     left join ${RECEIPTS} r on r.document = c.document
     left join ${LIST_DATES} ld on ld.document = c.document
     where ${COUNTS}`,
    [codes],
  );
  const latest = new Map<string, { code: string; anchor: string; sequence: string }>();
  for (const row of rows) {
    const { sequence } = placeInTime(row.known_at, datingOf(row, row.known_at));
    const key = `${row.code}\u0000${row.anchor}`;
    const seen = latest.get(key);
    if (!seen || sequence > seen.sequence) latest.set(key, { code: row.code, anchor: row.anchor, sequence });
  }
  return [...latest.values()];
}

const SNAPSHOT_FORMATS: Readonly<Record<string, 'NSE' | 'BSE'>> = lookupTable({
  'nse-equity-master': 'NSE',
  'bse-scrip-list': 'BSE',
  'bse-scrip-master-json': 'BSE',
});

/** The whole-exchange lists whose speaking parse was used and that something dates: NSE's equity master, BSE's scrip lists. */
export async function listSnapshots(tx: SqlExecutor): Promise<Snapshot[]> {
  const { rows } = await tx.query<{ document: string; format: string; observed_on: string; inferred: boolean; file: string | null }>(
    `select cp.document, cp.format, ld.observed_on::text as observed_on, ld.inferred, p.file
     from (select distinct document from ${PARSES} where format = any($1::text[])) d
     ${SPEAKING_PARSE('d.document')}
     join ${PARSES} p on p.parse = cp.parse
     join ${LIST_DATES} ld on ld.document = cp.document
     where cp.parsed and cp.format = any($1::text[]) and ld.observed_on is not null`,
    [Object.keys(SNAPSHOT_FORMATS)],
  );
  return rows.map((row) => ({
    exchange: SNAPSHOT_FORMATS[row.format] as 'NSE' | 'BSE',
    document: row.document,
    on: row.observed_on,
    inferred: row.inferred,
    file: row.file,
  }));
}

/** The exchange a format's documents list whole, if they do. */
export const snapshotExchangeOf = (format: string): 'NSE' | 'BSE' | undefined => SNAPSHOT_FORMATS[format];
