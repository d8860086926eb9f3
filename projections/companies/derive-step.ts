import type { SqlExecutor } from '#platform/db';
import type { Progress, StepContext } from '#platform/projector';
import { snapshotExchangeOf } from './current-claims.ts';
import { deriveAnchors } from './derive-anchors.ts';
import { LIST_FORMATS, redateLists } from './list-dates.ts';
import {
  addAnchorsOfDocuments,
  addAnchorsShownOn,
  addInstrumentsOfDocuments,
  addPending,
  anyPending,
  countPending,
  takePending,
} from './pending-work.ts';
import { deriveInstruments } from './record-listings.ts';

/** Anchors derived per transaction, then instruments made, when a batch's work is split (docs/adr/0013-deferred-projection-work.md). */
export interface SliceSizes {
  readonly anchors: number;
  readonly instruments: number;
}

/**
 * The slices on each engine. On PGlite a step holds the one connection every API read waits
 * for (ADR 13); a server's readers do not wait for it, and larger steps make fewer round
 * trips: the real corpus's master lists derived in 10 s instead of 17 (ADR 17).
 */
export const SLICE_SIZES: Record<StepContext['engine'], SliceSizes> = {
  pglite: { anchors: 40, instruments: 200 },
  postgres: { anchors: 400, instruments: 2000 },
};

/** A document whose statements count differently now: a parse of it ended, or its list was dated anew. */
export interface Changed {
  readonly document: string;
  readonly format: string | null;
}

/**
 * Records what changed documents change: the anchors of their statements and the instruments
 * of their listings (every parse's: an earlier parse's stop counting), and, for a list of a
 * whole exchange, every anchor shown on that exchange.
 */
export async function addChanged(tx: SqlExecutor, changed: readonly Changed[]): Promise<void> {
  await addPending(
    tx,
    'document',
    changed.map((c) => c.document),
  );
  const exchanges = changed.flatMap((c) => (c.format ? (snapshotExchangeOf(c.format) ?? []) : []));
  await addPending(tx, 'exchange', exchanges);
}

/** Whether any of these documents is a reference list: its statements are thousands, derived a step per transaction. */
export const anyList = (changed: readonly Changed[]): boolean => changed.some((c) => c.format !== null && LIST_FORMATS.includes(c.format));

/**
 * Does the next step of what batches left, in order, and says whether anything is left: dates
 * the reference lists again (recording the lists whose day or order changed), or records what
 * one changed document changes, or who else one exchange shows, or derives a slice of anchors,
 * or (once no anchor is left) makes a slice of instruments, whose companies come from the
 * anchors'. Each step reads what the sources said, not what an earlier step wrote, so the steps
 * end where doing them in one transaction does.
 */
export async function deriveStep(tx: SqlExecutor, sizes: SliceSizes): Promise<Progress> {
  const pending = await countPending(tx);
  if (pending.lists > 0) {
    await takePending(tx, 'lists', pending.lists);
    await addChanged(tx, await redateLists(tx));
  } else if (pending.document > 0) {
    const documents = await takePending(tx, 'document', 1);
    await addAnchorsOfDocuments(tx, documents);
    await addInstrumentsOfDocuments(tx, documents);
  } else if (pending.exchange > 0) {
    for (const exchange of await takePending(tx, 'exchange', 1)) await addAnchorsShownOn(tx, exchange as 'NSE' | 'BSE');
  } else {
    const anchors = await takePending(tx, 'anchor', sizes.anchors);
    await deriveAnchors(tx, anchors);
    if (anchors.length < sizes.anchors) await deriveInstruments(tx, await takePending(tx, 'instrument', sizes.instruments));
  }
  return (await anyPending(tx)) ? 'more' : 'done';
}

/**
 * In a batch's transaction: derives what it recorded when that is small (a filing's company:
 * its documents' statements, and one slice of anchors and instruments), and leaves the rest to
 * `deriveStep`, a step per transaction (a reference list's thousands).
 */
export async function deriveSmall(tx: SqlExecutor, sizes: SliceSizes, listWork: boolean): Promise<Progress> {
  if (listWork) return 'more';
  const documents = await takePending(tx, 'document', Number.MAX_SAFE_INTEGER);
  await addAnchorsOfDocuments(tx, documents);
  await addInstrumentsOfDocuments(tx, documents);
  const pending = await countPending(tx);
  if (pending.anchor === 0 && pending.instrument === 0) return 'done';
  return pending.anchor <= sizes.anchors && pending.instrument <= sizes.instruments ? deriveStep(tx, sizes) : 'more';
}
