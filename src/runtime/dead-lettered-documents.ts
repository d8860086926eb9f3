import { DOCUMENTS } from '#projections/filings';
import { type SqlExecutor, isPgError, SQLSTATE } from '#platform/db';
import { DEAD_LETTER_REASON } from '#ingest/pipeline';

/**
 * Documents whose latest outcome is a dead letter's rejection (their parse failed every
 * attempt), for /health: counted from the documents read model, so a document parsed again
 * successfully (`npm run reparse`, a new delivery) stops counting. The rejected rows only
 * are read (its status index); none before the projector has made the table.
 */
export async function countDeadLetteredDocuments(db: SqlExecutor): Promise<number> {
  try {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${DOCUMENTS} where status = 'rejected' and starts_with(reject_reason, $1)`,
      [DEAD_LETTER_REASON],
    );
    return rows[0]?.n ?? 0;
  } catch (error) {
    if (isPgError(error) && (error.code === SQLSTATE.undefinedTable || error.code === SQLSTATE.undefinedSchema)) return 0;
    throw error;
  }
}
