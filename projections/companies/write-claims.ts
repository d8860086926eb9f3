import type { DocumentParsed, DocumentRejected, DocumentReceived, SymbolsObserved } from '#schemas/events';
import type { SqlExecutor } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import type { Claim } from '#domain/identity';
import { CLAIMS, PARSES, RECEIPTS, SYMBOL_CHAINS } from './tables.ts';
import { arrayParams, columnArrays, columnList } from '#projections/shared';

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

/**
 * A list's listing claims that say what a registration of the same document says about the
 * same anchor, among the anchors, schemes, values and documents given: the registration
 * outranks them, so they are dropped. Whichever of the two a batch brings, the other may be
 * stored already by an earlier batch (a list's registrations and listings are apart in the
 * store, in streams of their own), so the rule is applied to what is stored, not to the batch.
 */
const DELETE_RESTATED_LISTINGS = `
  delete from ${CLAIMS} l
  using (select distinct * from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as k(anchor, scheme, value, document)) k
  where l.anchor = k.anchor and l.scheme = k.scheme and l.value = k.value and l.document = k.document
    and l.event_type = 'InstrumentListed'
    and exists (
      select 1 from ${CLAIMS} r
      where r.anchor = k.anchor and r.scheme = k.scheme and r.value = k.value and r.document = k.document
        and r.event_type = 'CompanyRegistered'
    )`;

const KEY_COLUMNS = [
  ['anchor', 'text', (c: Claim) => c.anchor],
  ['scheme', 'text', (c: Claim) => c.scheme],
  ['value', 'text', (c: Claim) => c.value],
  ['document', 'text', (c: Claim) => c.document],
] as const;

/**
 * Appends claims, column by column; a claim already stored (the same event projected again)
 * is left as it is. A list row's listing that restates its registration is not kept, in
 * whichever batches the two arrive: what is stored depends on the events alone, never on
 * where the batches were cut or on a batch applied twice.
 */
export async function insertClaims(tx: SqlExecutor, claims: readonly Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await tx.query(INSERT_CLAIMS, columnArrays(CLAIM_COLUMNS, claims));
  // Only claims of a document can restate another: a document-less claim's statement is its own.
  const ofDocuments = claims.filter(
    (c) => c.document !== null && (c.eventType === 'CompanyRegistered' || c.eventType === 'InstrumentListed'),
  );
  if (ofDocuments.length > 0) await tx.query(DELETE_RESTATED_LISTINGS, columnArrays(KEY_COLUMNS, ofDocuments));
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
