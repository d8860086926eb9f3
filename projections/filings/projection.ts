import type { DomainEventType, DocumentParsed, DocumentReceived, DocumentRejected, DocumentTextExtracted } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import type { Projection } from '#platform/projector';
import { disseminationOf, recordDisseminations } from './disseminations.ts';
import { createFilingTables, DISSEMINATIONS, DOCUMENTS, FILING_TEXTS, FILINGS } from './tables.ts';
import { type FilingRow, toFiling } from './to-filing.ts';

async function receiveDocument(tx: SqlExecutor, event: StoredEvent<{ type: 'DocumentReceived'; data: DocumentReceived }>) {
  const d = event.data;
  await tx.query(
    `insert into ${DOCUMENTS} (document_id, format, file_name, content_type, byte_length, source_url, company_id,
                               known_at, received_at, recorded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (document_id) do nothing`,
    [
      d.documentId,
      d.format,
      d.fileName,
      d.contentType,
      d.byteLength,
      event.metadata.sourceUrl,
      d.companyId,
      event.metadata.knownAt,
      d.receivedAt,
      event.metadata.recordedAt,
    ],
  );
}

// An outcome from a parser version older than the one recorded changes nothing.
async function rejectDocument(tx: SqlExecutor, data: DocumentRejected) {
  await tx.query(
    `update ${DOCUMENTS}
     set status = 'rejected', parser_version = $2, reject_reason = $3, problems = $4, problem_count = $5
     where document_id = $1 and (parser_version is null or parser_version <= $2)`,
    [data.documentId, data.parserVersion, data.reason, JSON.stringify(data.problems), data.problems.length],
  );
}

async function markParsed(tx: SqlExecutor, data: DocumentParsed) {
  await tx.query(
    `update ${DOCUMENTS}
     set status = 'parsed', parser_version = $2, reject_reason = null, problems = $3, problem_count = $4
     where document_id = $1 and (parser_version is null or parser_version <= $2)`,
    [data.documentId, data.parserVersion, JSON.stringify(data.problems), data.problemCount],
  );
}

async function storeText(tx: SqlExecutor, data: DocumentTextExtracted) {
  await tx.query(
    `insert into ${FILING_TEXTS} (filing_id, text, page_count, extractor) values ($1, $2, $3, $4)
     on conflict (filing_id) do update
       set text = excluded.text, page_count = excluded.page_count, extractor = excluded.extractor`,
    [data.filingId, data.text, data.pageCount, data.extractor],
  );
}

/** One row per filing: the highest parser version, and the later event among equals. */
function latestParses(filings: readonly FilingRow[]): FilingRow[] {
  const byId = new Map<string, FilingRow>();
  for (const filing of filings) {
    const seen = byId.get(filing.filing_id);
    if (!seen || seen.parser_version <= filing.parser_version) byId.set(filing.filing_id, filing);
  }
  return [...byId.values()];
}

async function upsertFilings(tx: SqlExecutor, all: readonly FilingRow[]) {
  const filings = latestParses(all);
  if (filings.length === 0) return;
  await tx.query(
    `insert into ${FILINGS} (filing_id, company_id, reported_name, reported_nse_symbol, reported_bse_code, reported_isin,
                             reported_cin, document_type, title, fiscal_year, period_end, is_revision,
                             source_url, document_sha256, source_event, parser_version, known_at, recorded_at)
     select * from jsonb_to_recordset($1::jsonb) as x(
       filing_id uuid, company_id uuid, reported_name text, reported_nse_symbol text, reported_bse_code text,
       reported_isin text, reported_cin text, document_type text, title text, fiscal_year smallint, period_end date,
       is_revision boolean, source_url text, document_sha256 text, source_event text, parser_version integer,
       known_at timestamptz, recorded_at timestamptz)
     on conflict (filing_id) do update set
       company_id = excluded.company_id, reported_name = excluded.reported_name,
       reported_nse_symbol = excluded.reported_nse_symbol, reported_bse_code = excluded.reported_bse_code,
       reported_isin = excluded.reported_isin, reported_cin = excluded.reported_cin, document_type = excluded.document_type, title = excluded.title,
       fiscal_year = excluded.fiscal_year, period_end = excluded.period_end, is_revision = excluded.is_revision,
       source_url = excluded.source_url, document_sha256 = excluded.document_sha256,
       parser_version = excluded.parser_version, known_at = excluded.known_at, recorded_at = excluded.recorded_at
     where ${FILINGS}.parser_version <= excluded.parser_version`,
    [JSON.stringify(filings)],
  );
}

const HANDLES = [
  'DocumentReceived',
  'DocumentDisseminated',
  'DocumentRejected',
  'DocumentParsed',
  'DocumentTextExtracted',
  'FinancialsReported',
  'ShareholdingReported',
  'CorporateActionAnnounced',
  'DisclosurePublished',
] as const satisfies readonly DomainEventType[];

/** Source documents as received (with every stated dissemination of each), and the filings read from them. */
export const filingsProjection: Projection = {
  name: 'filings',
  // 5: a document's known_at is its event's, no longer the upload time in its file name (ADR 7).
  version: 5,
  handles: HANDLES,
  tables: [DOCUMENTS, DISSEMINATIONS, FILINGS, FILING_TEXTS],
  setup: createFilingTables,
  async evolve(tx, events) {
    // Document events in commit order (received before its outcome); filings in one batch.
    for (const event of events) {
      if (event.type === 'DocumentReceived') await receiveDocument(tx, event);
      else if (event.type === 'DocumentParsed') await markParsed(tx, event.data);
      else if (event.type === 'DocumentRejected') await rejectDocument(tx, event.data);
      else if (event.type === 'DocumentTextExtracted') await storeText(tx, event.data);
    }
    await recordDisseminations(
      tx,
      events.flatMap((event) =>
        event.type === 'DocumentReceived' || event.type === 'DocumentDisseminated' ? (disseminationOf(event) ?? []) : [],
      ),
    );
    await upsertFilings(
      tx,
      events.flatMap((event) => toFiling(event) ?? []),
    );
  },
};
