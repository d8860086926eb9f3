import type { DocumentParsed, DocumentRejected } from '#schemas/events/document';
import type { SqlExecutor } from '#platform/db/db';
import type { StoredEvent } from '#platform/event-store/event-store';
import type { Claim } from '#domain/identity/claim';
import type { SymbolsObserved } from '#schemas/events/symbols';
import type { DocumentReceived } from '#schemas/events/document';
import { CLAIMS, PARSES, RECEIPTS, SYMBOL_CHAINS } from './tables.ts';
import { arrayParams, columnArrays, columnList } from '#projections/shared/array-columns';

export type OutcomeEvent = StoredEvent<
  { type: 'DocumentParsed'; data: DocumentParsed } | { type: 'DocumentRejected'; data: DocumentRejected }
>;

const CLAIM_COLUMNS = [
  ['statement', 'uuid', (c: Claim) => c.statement],
  ['scheme', 'text', (c: Claim) => c.scheme],
  ['value', 'text', (c: Claim) => c.value],
  ['anchor', 'text', (c: Claim) => c.anchor],
  ['known_at', 'timestamptz', (c: Claim) => c.knownAt],
  ['event_type', 'text', (c: Claim) => c.eventType],
  ['source', 'text', (c: Claim) => c.source],
  ['document', 'text', (c: Claim) => c.document],
  ['parse', 'uuid', (c: Claim) => c.parse],
  ['source_file', 'text', (c: Claim) => c.sourceFile],
  ['source_url', 'text', (c: Claim) => c.sourceUrl],
] as const;

const INSERT_CLAIMS = `
  insert into ${CLAIMS} (${columnList(CLAIM_COLUMNS)})
  select * from unnest(${arrayParams(CLAIM_COLUMNS)})
  on conflict do nothing`;

/** Appends claims, column by column; a claim already stored (the same event projected again) is left as it is. */
export async function insertClaims(tx: SqlExecutor, claims: readonly Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await tx.query(INSERT_CLAIMS, columnArrays(CLAIM_COLUMNS, claims));
}

/**
 * Records each parse of a document: its format says what kind of source the document's
 * statements come from, and the latest parse by the highest parser version is the one
 * whose statements count. A parse is `correlated` when its events carry its id.
 */
export async function insertParses(tx: SqlExecutor, outcomes: readonly OutcomeEvent[]): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `insert into ${PARSES} (parse, document, format, parser_version, parsed, correlated, position, known_at, file)
     select * from jsonb_to_recordset($1::jsonb) as x(parse uuid, document text, format text, parser_version integer,
       parsed boolean, correlated boolean, position bigint, known_at timestamptz, file text)
     on conflict do nothing`,
    [
      JSON.stringify(
        outcomes.map((e) => ({
          parse: e.id,
          document: e.data.documentId,
          format: e.data.format,
          parser_version: e.data.parserVersion,
          parsed: e.type === 'DocumentParsed',
          correlated: e.metadata.correlationId !== undefined,
          position: e.position,
          known_at: e.metadata.knownAt,
          file: e.metadata.sourceFile,
        })),
      ),
    ],
  );
}

export type SymbolsEvent = StoredEvent<{ type: 'SymbolsObserved'; data: SymbolsObserved }>;

/** Stores the symbol chains of security-wise histories, each symbol with its days. */
export async function insertChains(tx: SqlExecutor, chains: readonly SymbolsEvent[]): Promise<void> {
  const rows = chains.flatMap((e) =>
    e.data.symbols.map((s) => ({
      chain: e.id,
      exchange: e.data.exchange,
      symbol: s.symbol,
      first_day: s.firstDay,
      last_day: s.lastDay,
      document: e.metadata.sourceSha256,
      parse: e.metadata.correlationId ?? null,
      known_at: e.metadata.knownAt,
    })),
  );
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${SYMBOL_CHAINS} select * from jsonb_populate_recordset(null::${SYMBOL_CHAINS}, $1::jsonb) on conflict do nothing`,
    [JSON.stringify(rows)],
  );
}

export type ReceivedEvent = StoredEvent<{ type: 'DocumentReceived'; data: DocumentReceived }>;

/** Records when each document was received (its first receipt). */
export async function insertReceipts(tx: SqlExecutor, received: readonly ReceivedEvent[]): Promise<void> {
  if (received.length === 0) return;
  await tx.query(
    `insert into ${RECEIPTS} (document, received_at) select * from unnest($1::text[], $2::timestamptz[]) on conflict do nothing`,
    [received.map((e) => e.data.documentId), received.map((e) => e.data.receivedAt)],
  );
}
