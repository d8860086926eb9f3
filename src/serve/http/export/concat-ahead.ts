/** An iterator started early: its first item already asked for. */
interface Started<T> {
  readonly first: Promise<IteratorResult<T, void>>;
  readonly iterator: AsyncIterator<T, void, undefined>;
}

function start<T>(iterator: AsyncIterator<T, void, undefined>): Started<T> {
  const first = iterator.next();
  // Awaited when its turn comes; until then a failure must not count as unhandled.
  first.catch(() => undefined);
  return { first, iterator };
}

/**
 * The items of each source in turn, as if concatenated, with the sources after the current one
 * started early: `window` sources at a time (the current one included) have their first item
 * asked for, so their first statements run in the database, on other connections, while the
 * current one is written. Memory stays bounded by what each started source holds. Stopping
 * early returns every started source.
 */
export async function* concatAhead<T>(
  sources: Iterable<AsyncIterator<T, void, undefined>>,
  window: number,
): AsyncGenerator<T, void, undefined> {
  const pending = sources[Symbol.iterator]();
  const queue: Started<T>[] = [];
  // Keeps `size` sources started: taken before the current one is shifted off, `window` at once.
  const fill = (size: number) => {
    while (queue.length < size) {
      const next = pending.next();
      if (next.done === true) return;
      queue.push(start(next.value));
    }
  };
  let current: Started<T> | undefined;
  try {
    for (;;) {
      fill(window);
      current = queue.shift();
      if (current === undefined) return;
      for (let result = await current.first; result.done !== true; result = await current.iterator.next()) yield result.value;
    }
  } finally {
    for (const started of current ? [current, ...queue] : queue) await started.iterator.return?.(undefined);
  }
}
