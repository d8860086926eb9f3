import type { DomainEvent, DomainEventType } from '../../schemas/events/catalogue.ts';
import type { SqlExecutor } from '../../src/db/db.ts';
import { toPgArray } from '../../src/db/pg-array.ts';
import type { StoredEvent } from '../../src/event-store/event-store.ts';
import { claimsOfEvent } from '../../src/identity/claims-of-event.ts';
import type { Projection } from '../../src/projector/projection.ts';
import { mapAnchors } from './anchor-map.ts';
import { isSnapshotFormat, listSnapshots } from './current-claims.ts';
import { linkInstruments, recordListings } from './record-listings.ts';
import { ANCHORS, CLAIMS, COMPANY_TABLES, createCompanyTables } from './tables.ts';
import { insertChains, insertClaims, insertParses, insertReceipts, type OutcomeEvent, type ReceivedEvent, type SymbolsEvent } from './write-claims.ts';
import { rederiveCompanies } from './write-derived.ts';
import { recomputeOwnership } from './write-ownership.ts';

const isOutcome = (event: StoredEvent<DomainEvent>): event is OutcomeEvent =>
  event.type === 'DocumentParsed' || event.type === 'DocumentRejected';

/**
 * The anchors whose companies a batch changes: those its statements are about, those of
 * documents parsed again (their earlier statements stop counting), and every anchor when
 * a list of a whole exchange arrives (who is missing from it has left the exchange).
 */
async function touchedAnchors(tx: SqlExecutor, anchors: Set<string>, outcomes: readonly OutcomeEvent[]): Promise<string[]> {
  if (outcomes.some((o) => isSnapshotFormat(o.data.format))) {
    const { rows } = await tx.query<{ anchor: string }>(`select anchor from ${ANCHORS}`);
    for (const row of rows) anchors.add(row.anchor);
  } else if (outcomes.length > 0) {
    const { rows } = await tx.query<{ anchor: string }>(`select distinct anchor from ${CLAIMS} where document = any($1::text[])`, [
      toPgArray(outcomes.map((o) => o.data.documentId)),
    ]);
    for (const row of rows) anchors.add(row.anchor);
  }
  return [...anchors];
}

/** The BSE codes the statements about these anchors name: a BSE-code anchor may now belong to an issuer. */
async function bseCodesOf(tx: SqlExecutor, anchors: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ value: string }>(`select distinct value from ${CLAIMS} where scheme = 'bse' and anchor = any($1::text[])`, [
    toPgArray(anchors),
  ]);
  return [...new Set([...rows.map((row) => row.value), ...anchors.filter((a) => a.startsWith('bse:')).map((a) => a.slice(4))])];
}

async function companiesOf(tx: SqlExecutor, anchors: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ company_id: string }>(
    `select distinct company_id::text as company_id from ${ANCHORS} where anchor = any($1::text[]) order by 1`,
    [toPgArray(anchors)],
  );
  return rows.map((row) => row.company_id);
}

async function evolveBatch(tx: SqlExecutor, events: readonly StoredEvent<DomainEvent>[]): Promise<void> {
  const outcomes = events.filter(isOutcome);
  const claims = events.flatMap(claimsOfEvent);
  const listings = events.flatMap((e) => (e.type === 'InstrumentListed' ? [{ data: e.data, knownAt: e.metadata.knownAt }] : []));
  await insertReceipts(tx, events.filter((e): e is ReceivedEvent => e.type === 'DocumentReceived'));
  await insertParses(tx, outcomes);
  await insertClaims(tx, claims);
  await recordListings(tx, listings);
  await insertChains(tx, events.filter((e): e is SymbolsEvent => e.type === 'SymbolsObserved'));
  const anchors = await touchedAnchors(tx, new Set(claims.map((c) => c.anchor)), outcomes);
  if (anchors.length === 0) return;
  const changes = await mapAnchors(tx, anchors, await bseCodesOf(tx, anchors));
  const remapped = changes.flatMap((c) => (c.from ? [c.from] : []));
  const companies = [...new Set([...(await companiesOf(tx, anchors)), ...remapped])];
  const touchedValues = await rederiveCompanies(tx, companies, await listSnapshots(tx));
  await recomputeOwnership(tx, touchedValues);
  await linkInstruments(tx, [...new Set([...anchors, ...changes.map((c) => c.anchor)])]);
}

const HANDLES = [
  'CompanyRegistered',
  'CompanyUpdated',
  'InstrumentListed',
  'FinancialsReported',
  'ShareholdingReported',
  'DocumentReceived',
  'DocumentParsed',
  'DocumentRejected',
  'SymbolsObserved',
] as const satisfies readonly DomainEventType[];

/**
 * The security master: companies with a stable id, every identifier they have had with its
 * dates and sources, their dated listing status, and their instruments, all derived from
 * identity statements (master lists, index lists, results listings, filings).
 */
export const companiesProjection: Projection = {
  name: 'companies',
  version: 3,
  handles: HANDLES,
  tables: COMPANY_TABLES,
  setup: createCompanyTables,
  evolve: (tx, events) => evolveBatch(tx, events),
};
