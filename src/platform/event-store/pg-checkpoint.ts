import { type Checkpoint, checkpointOf, START } from './event-store.ts';

/**
 * The PostgreSQL store's place in its commit order: the appending transaction (xid8, as a
 * decimal string) and the global position. Events are ordered by the pair, so a transaction
 * that commits late is read after the ones that committed before it instead of being skipped
 * (docs/adr/0001-event-store-commit-order.md).
 */
export interface CommitOrder {
  readonly transactionId: string;
  readonly position: number;
}

export const ORIGIN: CommitOrder = { transactionId: '0', position: 0 };

const TOKEN = /^pg:(\d{1,20}):(\d{1,19})$/;

/** The token of a place: `pg:<transaction id>:<position>`, so another store's token is told apart. */
export function encodePgCheckpoint(place: CommitOrder): Checkpoint {
  if (compareCommitOrder(place, ORIGIN) === 0) return START;
  return checkpointOf(`pg:${place.transactionId}:${place.position}`);
}

export function decodePgCheckpoint(token: Checkpoint): CommitOrder {
  if (token === START) return ORIGIN;
  const [, transactionId, position] = TOKEN.exec(token) ?? [];
  if (transactionId === undefined || position === undefined) {
    throw new Error(`checkpoint ${JSON.stringify(token)} was not written by the PostgreSQL event store`);
  }
  return { transactionId: BigInt(transactionId).toString(), position: Number(position) };
}

/** Compares xid8 values given as decimal strings without losing precision. */
function compareXid(a: string, b: string): number {
  const [x, y] = [BigInt(a), BigInt(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareCommitOrder(a: CommitOrder, b: CommitOrder): number {
  return compareXid(a.transactionId, b.transactionId) || a.position - b.position;
}
