import type { SqlExecutor } from '../../src/db/db.ts';
import type { Anchor } from '../../src/identity/anchor.ts';
import type { Claim, ClaimEventType, ClaimScheme } from '../../src/identity/claim.ts';
import { type ClaimView, istDateOf, viewOfClaim } from '../../src/identity/claim-view.ts';
import type { Snapshot } from '../../src/identity/listing-periods.ts';
import { CLAIMS, PARSES, RECEIPTS } from './tables.ts';

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

interface ClaimRow {
  statement: string;
  scheme: string;
  value: string;
  anchor: string;
  known_at: Date;
  event_type: string;
  source: string;
  document: string | null;
  parse: string | null;
  source_file: string | null;
  source_url: string | null;
  format: string | null;
  undated: boolean;
}

const toView = (row: ClaimRow): ClaimView =>
  viewOfClaim(
    {
      statement: row.statement,
      scheme: row.scheme as ClaimScheme,
      value: row.value,
      anchor: row.anchor as Anchor,
      knownAt: row.known_at.toISOString(),
      eventType: row.event_type as ClaimEventType,
      source: row.source,
      document: row.document,
      parse: row.parse,
      sourceFile: row.source_file,
      sourceUrl: row.source_url,
    } satisfies Claim,
    row.format,
    row.undated,
  );

/** The claims that count of the given anchors, as derivation reads them. */
export async function currentClaimsOf(tx: SqlExecutor, anchors: readonly string[]): Promise<ClaimView[]> {
  if (anchors.length === 0) return [];
  const { rows } = await tx.query<ClaimRow>(
    // The speaking parse, the receipt and each parse's format are looked up once per
    // document and parse (a master list's claims number thousands), then hash-joined.
    `with claimed as (select * from ${CLAIMS} where anchor = any($1::text[])),
     documents as (
       select d.document as doc, cp.parse as speaking, cp.correlated, cp.format, r.received_at
       from (select distinct document from claimed) d
       ${SPEAKING_PARSE('d.document')}
       left join ${RECEIPTS} r on r.document = d.document),
     formats as (select p.parse, p.format from ${PARSES} p where p.parse in (select distinct parse from claimed))
     select c.statement::text as statement, c.scheme, c.value, c.anchor, c.known_at, c.event_type, c.source,
            c.document, c.parse::text as parse, c.source_file, c.source_url,
            coalesce(f.format, d.format) as format, coalesce(d.received_at = c.known_at, false) as undated
     from claimed c
     left join documents d on d.doc = c.document
     left join formats f on f.parse = c.parse
     where (d.speaking is null or (d.correlated and c.parse = d.speaking) or (not d.correlated and c.parse is null))`,
    [anchors],
  );
  return rows.map(toView);
}

/** Current `bse` claims on issuer anchors naming the given codes: which issuer each BSE code belongs to. */
export async function issuersClaimingBseCodes(
  tx: SqlExecutor,
  codes: readonly string[],
): Promise<Array<{ code: string; anchor: string; day: string }>> {
  if (codes.length === 0) return [];
  const { rows } = await tx.query<{ code: string; anchor: string; known_at: Date }>(
    `with claimed as (select * from ${CLAIMS} where scheme = 'bse' and value = any($1::text[]) and anchor like 'issuer:%'),
     speaking as (select d.document as doc, cp.* from (select distinct document from claimed) d ${SPEAKING_PARSE('d.document')})
     select c.value as code, c.anchor, max(c.known_at) as known_at
     from claimed c left join speaking cp on cp.doc = c.document
     where ${COUNTS}
     group by c.value, c.anchor`,
    [codes],
  );
  return rows.map((row) => ({ code: row.code, anchor: row.anchor, day: istDateOf(row.known_at.toISOString()) }));
}

const SNAPSHOT_FORMATS: Readonly<Record<string, 'NSE' | 'BSE'>> = {
  'nse-equity-master': 'NSE',
  'bse-scrip-list': 'BSE',
};

/** The whole-exchange lists whose speaking parse was used: NSE's equity master, BSE's scrip lists. */
export async function listSnapshots(tx: SqlExecutor): Promise<Snapshot[]> {
  const { rows } = await tx.query<{ document: string; format: string; known_at: Date; file: string | null }>(
    `select cp.document, cp.format, p.known_at, p.file
     from (select distinct document from ${PARSES} where format = any($1::text[])) d
     ${SPEAKING_PARSE('d.document')}
     join ${PARSES} p on p.parse = cp.parse
     left join ${RECEIPTS} r on r.document = cp.document
     where cp.parsed and cp.format = any($1::text[]) and r.received_at is distinct from p.known_at`,
    [Object.keys(SNAPSHOT_FORMATS)],
  );
  return rows.map((row) => ({
    exchange: SNAPSHOT_FORMATS[row.format] as 'NSE' | 'BSE',
    document: row.document,
    on: istDateOf(row.known_at.toISOString()),
    file: row.file,
  }));
}

export const isSnapshotFormat = (format: string): boolean => format in SNAPSHOT_FORMATS;
