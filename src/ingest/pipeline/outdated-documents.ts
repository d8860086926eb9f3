import type { SqlExecutor } from '#platform/db';
import type { ParserRegistry } from '#ingest/formats/parser-registry';

/**
 * Stored documents last parsed by an older version of their format's parser than the one
 * installed: what `npm run reparse -- --outdated` parses again after an upgrade, so a store
 * written by an earlier version reads as a fresh ingest would.
 */
export async function outdatedDocuments(db: SqlExecutor, parsers: ParserRegistry): Promise<string[]> {
  const { rows } = await db.query<{ document_id: string; format: string; version: number }>(
    `select data->>'documentId' as document_id, data->>'format' as format, max((data->>'parserVersion')::int) as version
     from es_events where event_type in ('DocumentParsed', 'DocumentRejected')
     group by 1, 2 order by 1`,
  );
  const latest = new Map<string, boolean>();
  for (const row of rows) {
    const current = parsers.byFormat(row.format)?.version;
    const outdated = current !== undefined && row.version < current;
    // A document parsed by several formats' versions is outdated only if none is current.
    latest.set(row.document_id, (latest.get(row.document_id) ?? true) && outdated);
  }
  return [...latest].filter(([, outdated]) => outdated).map(([id]) => id);
}
