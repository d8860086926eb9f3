import { type Database, keepListening } from '#platform/db';
import { onProjectionChange, PROJECTIONS_CHANNEL } from '#platform/projector';
import type { CompanyResolver } from '#read/identity';

/**
 * Tells `resolver` of every projection move, as the response cache does when there is one
 * (docs/caching.md): the notifications of PROJECTIONS_CHANNEL on a server, the projector's
 * announcements in this process, and whether it is listening. Where the database has no
 * LISTEN (PGlite, one process) the announcements are every move. Returns how to stop.
 */
export function hearProjectionMoves(db: Database, resolver: CompanyResolver, onError: (error: unknown) => void): () => Promise<void> {
  resolver.hearing(db.listen === undefined);
  const stopListening = keepListening(db, PROJECTIONS_CHANNEL, {
    onNotify: () => resolver.forget(),
    onListening: (listening) => resolver.hearing(listening),
    onError,
  });
  const stopHearing = onProjectionChange(() => resolver.forget());
  return async () => {
    stopHearing();
    resolver.hearing(false);
    await stopListening();
  };
}
