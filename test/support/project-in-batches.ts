import type { DomainEvent } from '#schemas/events/catalogue';
import type { Database } from '#platform/db/db';
import type { StoredEvent } from '#platform/event-store/event-store';
import type { EvolveContext, Progress, Projection } from '#platform/projector/projection';

/**
 * Applies `batches` to a projection's tables as the projector would, without a checkpoint:
 * each batch in a transaction of its own, then any work it left (`resume`) a transaction at a
 * time until done, before the next; with `join`, as a projection that `joinsDeferredWork` is
 * run, the batches after one that left work are applied into it and the work is done once,
 * after them. Applying a batch again is what a commit of the rows without the checkpoint
 * would lead to.
 */
export async function projectInBatches(
  db: Database,
  projection: Projection,
  batches: ReadonlyArray<readonly StoredEvent<DomainEvent>[]>,
  options: { readonly join?: boolean } = {},
): Promise<void> {
  await db.transaction((tx) => projection.setup(tx));
  const finish = async () => {
    const resume = projection.resume?.bind(projection);
    if (!resume) throw new Error(`projection ${projection.name} left work and has no resume`);
    let progress: Progress = 'more';
    while (progress === 'more') progress = await db.transaction((tx) => resume(tx, { engine: db.kind }));
  };
  let left = false;
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const context: EvolveContext = { engine: db.kind, deferred: left };
    const progress: Progress | void = await db.transaction((tx) => projection.evolve(tx, batch, projection.prepare?.(batch), context));
    left = left || progress === 'more';
    if (left && !options.join) {
      await finish();
      left = false;
    }
  }
  if (left) await finish();
}

/** A pseudo-random sequence from a seed (mulberry32): the same boundaries on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `events` cut into batches of `size`. */
export const inBatchesOf = <T>(events: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(events.length / size) }, (_, i) => events.slice(i * size, (i + 1) * size));

/** `events` cut at random places, into batches of 1 to `most` events. */
export function atRandomBoundaries<T>(events: readonly T[], most: number, random: () => number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < events.length;) {
    const size = 1 + Math.floor(random() * most);
    batches.push(events.slice(start, start + size));
    start += size;
  }
  return batches;
}
