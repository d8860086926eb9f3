/**
 * The items of `source`, asking it for the next one as soon as the current one is taken,
 * so the next statement runs in the database while the consumer writes this item. At most
 * one item is read ahead. Stopping early (the client went away) returns `source`, which ends
 * its work once the item in flight has arrived.
 */
export async function* readAhead<T>(source: AsyncIterator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
  let next = source.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done === true) return;
      next = source.next();
      yield current.value;
    }
  } finally {
    // An item in flight when the consumer stops may still fail; nobody is left to hear it.
    next.catch(() => undefined);
    await source.return?.(undefined);
  }
}
