import type { Filing, SourceDocument } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { totalOf, belongsToCompany, resolvedCompanyId, statedCompanyJoin } from '#projections/companies';
import { DISSEMINATIONS, DOCUMENTS, FILING_DAY, FILINGS } from './tables.ts';
import type { AsOfParams, PageParams } from '#projections/shared';

/** Filings as `f`, with the company a filing without a company ISIN resolves to on its day. */
const FROM_FILINGS = `from ${FILINGS} f ${statedCompanyJoin('f', 'r', FILING_DAY)}`;

/** The stated disseminations of a filing's document, earliest first; those known by `asOf` (a parameter) when given. */
const disseminationsOf = (asOf: string) => `(
  select coalesce(jsonb_agg(jsonb_build_object('known_at', d.known_at, 'source_url', d.source_url, 'file_name', d.file_name)
                            order by d.known_at, d.source_url collate "C", d.file_name collate "C"), '[]'::jsonb)
  from ${DISSEMINATIONS} d
  where d.document_id = f.document_sha256 and (${asOf}::timestamptz is null or d.known_at <= ${asOf}::timestamptz)
) as disseminations`;

const filingColumns = (asOf: string) => `f.*, ${resolvedCompanyId('f', 'r')}::text as company_id, ${disseminationsOf(asOf)}`;

interface FilingRowRead {
  filing_id: string;
  company_id: string | null;
  document_type: string | null;
  title: string | null;
  fiscal_year: number | null;
  period_end: string | null;
  is_revision: boolean;
  source_url: string | null;
  document_sha256: string | null;
  known_at: Date;
  recorded_at: Date;
  disseminations: Array<{ known_at: string; source_url: string | null; file_name: string }>;
}

const toFiling = (row: FilingRowRead): Filing => ({
  id: row.filing_id,
  company_id: row.company_id,
  document_type: row.document_type,
  title: row.title,
  fiscal_year: row.fiscal_year,
  period_end: row.period_end,
  is_revision: row.is_revision,
  source_url: row.source_url,
  document_sha256: row.document_sha256,
  known_at: row.known_at.toISOString(),
  recorded_at: row.recorded_at.toISOString(),
  // jsonb writes instants in the session's time zone; the API writes UTC.
  disseminations: row.disseminations.map((d) => ({ ...d, known_at: new Date(d.known_at).toISOString() })),
});

export async function getFiling(db: SqlExecutor, filingId: string): Promise<Filing | undefined> {
  const { rows } = await db.query<FilingRowRead>(`select ${filingColumns('$2')} ${FROM_FILINGS} where f.filing_id = $1`, [filingId, null]);
  return rows[0] && toFiling(rows[0]);
}

export interface ListFilingsParams extends PageParams, AsOfParams {
  readonly companyId?: string | undefined;
  readonly documentType?: string | undefined;
  readonly fiscalYear?: number | undefined;
  /** Disseminated (known_at) within [start, end]. */
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  /** Only filings for the period ending on this date (financial results, shareholding patterns). */
  readonly periodEnd?: string | undefined;
}

const FILING_FILTER = `($1::uuid is null or ${belongsToCompany('f', 'r', '$1::uuid')})
       and ($2::text is null or f.document_type = $2)
       and ($3::int is null or f.fiscal_year = $3)
       and ($4::timestamptz is null or f.known_at <= $4)
       and ($5::timestamptz is null or f.known_at >= $5)
       and ($6::timestamptz is null or f.known_at <= $6)
       and ($7::date is null or f.period_end = $7)`;

/** Filings, newest dissemination first, with the total matching for paging. */
export async function listFilingPage(db: SqlExecutor, params: ListFilingsParams): Promise<{ items: Filing[]; total: number }> {
  const filters = [
    params.companyId ?? null,
    params.documentType ?? null,
    params.fiscalYear ?? null,
    params.asOf ?? null,
    params.start ?? null,
    params.end ?? null,
    params.periodEnd ?? null,
  ];
  const offset = params.offset ?? 0;
  const { rows } = await db.query<FilingRowRead & { total: number }>(
    `select ${filingColumns('$4')}, count(*) over ()::int8 as total ${FROM_FILINGS} where ${FILING_FILTER}
     order by f.known_at desc, f.filing_id limit $8 offset $9`,
    [...filters, params.limit, offset],
  );
  const total = await totalOf(db, rows, offset, `select count(*)::int8 as total ${FROM_FILINGS} where ${FILING_FILTER}`, filters);
  return { items: rows.map(toFiling), total };
}

/** Filings, newest dissemination first. */
export async function listFilings(db: SqlExecutor, params: ListFilingsParams): Promise<Filing[]> {
  return (await listFilingPage(db, params)).items;
}

interface DocumentRow {
  document_id: string;
  format: string;
  file_name: string;
  content_type: string;
  byte_length: number;
  source_url: string | null;
  company_id: string | null;
  status: SourceDocument['status'];
  reject_reason: string | null;
  known_at: Date;
  received_at: Date;
}

export async function getSourceDocument(db: SqlExecutor, documentId: string): Promise<SourceDocument | undefined> {
  const { rows } = await db.query<DocumentRow>(`select * from ${DOCUMENTS} where document_id = $1`, [documentId]);
  const row = rows[0];
  return (
    row && {
      id: row.document_id,
      format: row.format,
      file_name: row.file_name,
      content_type: row.content_type,
      byte_length: row.byte_length,
      source_url: row.source_url,
      company_id: row.company_id,
      status: row.status,
      reject_reason: row.reject_reason,
      known_at: row.known_at.toISOString(),
      received_at: row.received_at.toISOString(),
    }
  );
}
