import type { DomainEvent, DomainEventType } from '../../schemas/events/catalogue.ts';
import type { SqlExecutor } from '../../src/platform/db/db.ts';
import { toPgArray } from '../../src/platform/db/pg-array.ts';
import type { StoredEvent } from '../../src/platform/event-store/event-store.ts';
import type { Claim } from '../../src/domain/identity/claim.ts';
import { claimsOfEvent } from '../../src/domain/identity/claims-of-event.ts';
import type { Progress, Projection } from '../../src/platform/projector/projection.ts';
import { snapshotExchangeOf } from './current-claims.ts';
import { deriveAnchors } from './derive-anchors.ts';
import { listsMayChange, redateLists } from './list-dates.ts';
import {
  addAnchorsOfDocuments,
  addAnchorsShownOn,
  addInstrumentsOfDocuments,
  addPending,
  anyPending,
  countPending,
  takePending,
} from './pending-work.ts';
import { deriveInstruments, type Listing, recordListings } from './record-listings.ts';
import { COMPANY_TABLES, createCompanyTables, PARSES } from './tables.ts';
import {
  insertChains,
  insertClaims,
  insertParses,
  insertReceipts,
  type OutcomeEvent,
  type ReceivedEvent,
  type SymbolsEvent,
} from './write-claims.ts';

const isOutcome = (event: StoredEvent<DomainEvent>): event is OutcomeEvent =>
  event.type === 'DocumentParsed' || event.type === 'DocumentRejected';

/** A document whose statements count differently now: a parse of it ended, or its list was dated anew. */
interface Changed {
  readonly document: string;
  readonly format: string | null;
}

/**
 * Records the anchors whose companies a batch changes: those of the documents whose parse
 * ends in it (their statements, and an earlier parse's, which stop counting) or whose list's
 * day or order changed, and every anchor shown on an exchange when a list of that whole
 * exchange arrives or moves in time (who is missing from it has left the exchange). A
 * parse's statements wait for its outcome, appended with them: a master list is derived
 * once, not once per batch of its rows.
 */
async function addTouchedAnchors(tx: SqlExecutor, changed: readonly Changed[]): Promise<void> {
  if (changed.length === 0) return;
  const documents = changed.map((c) => c.document);
  await addAnchorsOfDocuments(tx, documents);
  // A list of a whole exchange changes the status of every company shown on that exchange
  // by anything else (missing from the list, it has left): those are derived again too.
  for (const exchange of new Set(changed.flatMap((c) => (c.format ? (snapshotExchangeOf(c.format) ?? []) : [])))) {
    await addAnchorsShownOn(tx, [`status:${exchange}`, `listed:${exchange}`, exchange === 'NSE' ? 'nse' : 'bse'], documents);
  }
}

/**
 * A list's row registers the company and lists its security, saying the same ISIN, symbol
 * and status twice; the listing's copy of what the registration in the same document says
 * changes nothing derived (the registration outranks it), so it is not stored.
 */
function withoutRestatedListings(claims: readonly Claim[]): Claim[] {
  const key = (c: Claim) => `${c.anchor}\u0000${c.scheme}\u0000${c.value}\u0000${c.document ?? c.statement}`;
  const registered = new Set(claims.filter((c) => c.eventType === 'CompanyRegistered').map(key));
  return claims.filter((c) => c.eventType !== 'InstrumentListed' || !registered.has(key(c)));
}

/** Of the given parses, those whose outcome is already projected (recorded in PARSES). */
async function recordedParses(tx: SqlExecutor, parses: readonly string[]): Promise<Set<string>> {
  if (parses.length === 0) return new Set();
  const { rows } = await tx.query<{ parse: string }>(`select parse::text as parse from ${PARSES} where parse = any($1::uuid[])`, [
    toPgArray([...new Set(parses)]),
  ]);
  return new Set(rows.map((row) => row.parse));
}

/**
 * The anchors of the statements a batch can derive now: those of no recorded parse, and
 * those whose parse's outcome is already projected (a parse's events are not all before
 * its outcome: streams are appended in name order). The rest wait for their outcome.
 */
async function claimsReadyToDerive(tx: SqlExecutor, claims: readonly Claim[]): Promise<string[]> {
  const recorded = await recordedParses(
    tx,
    claims.flatMap((c) => (c.parse ? [c.parse] : [])),
  );
  return claims.filter((c) => c.parse === null || recorded.has(c.parse)).map((c) => c.anchor);
}

/** The instruments a batch's listings can be made of now: as for statements, those of no parse or of a recorded one. */
async function listingsReadyToDerive(tx: SqlExecutor, listings: readonly Listing[]): Promise<string[]> {
  const recorded = await recordedParses(
    tx,
    listings.flatMap((l) => (l.parse ? [l.parse] : [])),
  );
  return listings.filter((l) => l.parse === null || recorded.has(l.parse)).map((l) => l.data.instrumentId);
}

const listingOf = (e: StoredEvent<DomainEvent>): Listing[] =>
  e.type === 'InstrumentListed'
    ? [{ id: e.id, data: e.data, knownAt: e.metadata.knownAt, document: e.metadata.sourceSha256, parse: e.metadata.correlationId ?? null }]
    : [];

/** The documents whose statements count differently after this batch's parses and the lists' new days. */
async function changedDocuments(tx: SqlExecutor, outcomes: readonly OutcomeEvent[], claims: readonly Claim[]): Promise<Changed[]> {
  const parsed = outcomes.map((o) => ({ document: o.data.documentId, format: o.data.format }));
  const claimDocuments = [...new Set(claims.flatMap((c) => (c.document ? [c.document] : [])))];
  const redated = (await listsMayChange(
    tx,
    parsed.map((p) => p.format),
    claimDocuments,
  ))
    ? await redateLists(tx)
    : [];
  const all = new Map([...parsed, ...redated].map((c) => [c.document, c]));
  return [...all.values()];
}

/** Anchors derived per transaction, and then instruments made, when a batch's work is split (docs/adr/0012-deferred-projection-work.md). */
export interface SliceSizes {
  readonly anchors: number;
  readonly instruments: number;
}

export const SLICE_SIZES: SliceSizes = { anchors: 100, instruments: 500 };

/**
 * Derives the next slice of what batches left: anchors first, then (once no anchor is left)
 * instruments, whose companies come from the anchors'. Says whether anything is left.
 */
async function deriveSlice(tx: SqlExecutor, sizes: SliceSizes): Promise<Progress> {
  const anchors = await takePending(tx, 'anchor', sizes.anchors);
  await deriveAnchors(tx, anchors);
  if (anchors.length < sizes.anchors) await deriveInstruments(tx, await takePending(tx, 'instrument', sizes.instruments));
  return (await anyPending(tx)) ? 'more' : 'done';
}

/**
 * Stores what a batch states, and records what it changes: the anchors of its statements
 * that count now and the instruments of its listings that do, and what the parses ending in
 * it and the lists dated anew change. What fits in one slice is derived at once, in the
 * batch's transaction (a filing's company); more is left to `resume`, a slice per
 * transaction (a master list's thousands).
 */
async function evolveBatch(tx: SqlExecutor, events: readonly StoredEvent<DomainEvent>[], sizes: SliceSizes): Promise<Progress> {
  const outcomes = events.filter(isOutcome);
  const claims = withoutRestatedListings(events.flatMap(claimsOfEvent));
  const listings = events.flatMap(listingOf);
  await insertReceipts(
    tx,
    events.filter((e): e is ReceivedEvent => e.type === 'DocumentReceived'),
  );
  await insertParses(tx, outcomes);
  await insertClaims(tx, claims);
  await recordListings(tx, listings);
  await insertChains(
    tx,
    events.filter((e): e is SymbolsEvent => e.type === 'SymbolsObserved'),
  );
  const changed = await changedDocuments(tx, outcomes, claims);
  await addPending(tx, 'anchor', await claimsReadyToDerive(tx, claims));
  await addTouchedAnchors(tx, changed);
  // A parse's listings wait for its outcome too, when every listing of its documents is made again.
  await addPending(tx, 'instrument', await listingsReadyToDerive(tx, listings));
  await addInstrumentsOfDocuments(
    tx,
    changed.map((c) => c.document),
  );
  const pending = await countPending(tx);
  if (pending.anchor === 0 && pending.instrument === 0) return 'done';
  return pending.anchor <= sizes.anchors && pending.instrument <= sizes.instruments ? deriveSlice(tx, sizes) : 'more';
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
export function createCompaniesProjection(sizes: SliceSizes = SLICE_SIZES): Projection {
  return {
    name: 'companies',
    version: 4,
    handles: HANDLES,
    tables: COMPANY_TABLES,
    setup: createCompanyTables,
    evolve: (tx, events) => evolveBatch(tx, events, sizes),
    resume: (tx) => deriveSlice(tx, sizes),
  };
}

export const companiesProjection: Projection = createCompaniesProjection();
