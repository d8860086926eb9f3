import type { DomainEvent, DomainEventType } from '#schemas/events';
import { type SqlExecutor, toPgArray } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import { type Claim, claimsOfEvent } from '#domain/identity';
import type { EvolveContext, Progress, Projection, StepContext } from '#platform/projector';
import { addChanged, anyList, deriveSmall, deriveStep, SLICE_SIZES, type SliceSizes } from './derive-step.ts';
import { listsMayChange } from './list-dates.ts';
import { addPending } from './pending-work.ts';
import { type Listing, recordListings } from './record-listings.ts';
import { COMPANY_TABLES, createCompanyTables, mergePendingNames, PARSES } from './tables.ts';
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

/**
 * A list's row registers the company and lists its security, saying the same ISIN, symbol
 * and status twice; the listing's copy of what the registration in the same document says
 * changes nothing derived (the registration outranks it), so it is not stored. Here within
 * the batch; `insertClaims` does the same against what earlier batches stored.
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

/**
 * Whether the batch can change how reference lists are dated: a list's parse ended in it, or
 * statements of a parsed list came after its outcome. Its lists are dated again then.
 */
async function mayRedate(tx: SqlExecutor, outcomes: readonly OutcomeEvent[], claims: readonly Claim[]): Promise<boolean> {
  const claimDocuments = [...new Set(claims.flatMap((c) => (c.document ? [c.document] : [])))];
  return listsMayChange(
    tx,
    outcomes.map((o) => o.data.format),
    claimDocuments,
  );
}

/**
 * Stores what a batch states, and records what it changes: the anchors of its statements
 * that count now and the instruments of its listings that do, the documents whose parse
 * ended in it, and the lists to date again. A small change (a filing's company) is derived
 * in the batch's transaction; a large one (a reference list's thousands) a step per
 * transaction, by `resume` (derive-step.ts).
 */
async function evolveBatch(
  tx: SqlExecutor,
  events: readonly StoredEvent<DomainEvent>[],
  sizes: SliceSizes,
  context: EvolveContext | undefined,
): Promise<Progress> {
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
  const parsed = outcomes.map((o) => ({ document: o.data.documentId, format: o.data.format }));
  const redate = await mayRedate(tx, outcomes, claims);
  if (redate) await addPending(tx, 'lists', ['']);
  await addChanged(tx, parsed);
  await addPending(tx, 'anchor', await claimsReadyToDerive(tx, claims));
  // A parse's listings wait for its outcome too, when every listing of its documents is made again.
  await addPending(tx, 'instrument', await listingsReadyToDerive(tx, listings));
  // Joining an earlier batch's unfinished work: all of it is left to `resume`, a step at a time.
  if (context?.deferred) return 'more';
  return deriveSmall(tx, sizes, redate || anyList(parsed));
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
export function createCompaniesProjection(sizes?: SliceSizes): Projection {
  const sizesOn = (context: StepContext | undefined) => sizes ?? SLICE_SIZES[context?.engine ?? 'pglite'];
  return {
    name: 'companies',
    version: 4,
    handles: HANDLES,
    tables: COMPANY_TABLES,
    setup: createCompanyTables,
    evolve: async (tx, events, _prepared, context) => {
      const progress = await evolveBatch(tx, events, sizesOn(context), context);
      if (context?.engine === 'pglite') await mergePendingNames(tx);
      return progress;
    },
    resume: async (tx, context) => {
      const progress = await deriveStep(tx, sizesOn(context));
      if (context?.engine === 'pglite') await mergePendingNames(tx);
      return progress;
    },
    // Derivation reads the current claims, whichever batches stated them: a run of reference
    // lists is derived once, not once per list (ADR 17).
    joinsDeferredWork: true,
  };
}

export const companiesProjection: Projection = createCompaniesProjection();
