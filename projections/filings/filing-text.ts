import type { SqlExecutor } from '#platform/db';
import { FILING_TEXTS } from './tables.ts';

/** A stretch of a filing's extracted text; offsets and lengths count characters (code points). */
export interface FilingTextPage {
  readonly content: string;
  readonly offset: number;
  /** Characters in `content`. */
  readonly returned: number;
  readonly total_length: number;
  readonly page_count: number | null;
  readonly extractor: string;
}

/**
 * `length` characters of a filing's extracted text from `offset`, cut in the database so a
 * long document never travels whole. Undefined when the filing has no extracted text.
 */
export async function getFilingTextPage(
  db: SqlExecutor,
  filingId: string,
  page: { readonly offset: number; readonly length: number },
): Promise<FilingTextPage | undefined> {
  const { rows } = await db.query<{
    content: string;
    returned: number;
    total_length: number;
    page_count: number | null;
    extractor: string;
  }>(
    `select substr(t.text, $2::int + 1, $3::int) as content, char_length(substr(t.text, $2::int + 1, $3::int)) as returned,
            char_length(t.text) as total_length, t.page_count, t.extractor
     from ${FILING_TEXTS} t where t.filing_id = $1::uuid`,
    [filingId, page.offset, page.length],
  );
  const row = rows[0];
  return row && { ...row, offset: page.offset };
}
