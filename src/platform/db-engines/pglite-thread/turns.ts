/**
 * Turns on the embedded engine's one connection, in two lanes. A statement outside a
 * transaction, or a whole transaction, takes one turn. When the connection comes free, the
 * foreground lane (the API's reads) goes first, so a read waits at most for the statement or
 * transaction already running, never behind ingestion's queue. So that a steady stream of
 * reads cannot stall ingestion, the background lane is let through after FOREGROUND_RUN
 * foreground turns in a row while it waits.
 */
export type Lane = 'foreground' | 'background';

const FOREGROUND_RUN = 16;

export interface Turns {
  /** Waits for the connection; call the returned function to give it back. */
  take(lane: Lane): Promise<() => void>;
}

export function createTurns(): Turns {
  let busy = false;
  let foregroundInARow = 0;
  const waiting: Record<Lane, (() => void)[]> = { foreground: [], background: [] };

  const next = (): (() => void) | undefined => {
    const backgroundDue = waiting.background.length > 0 && (waiting.foreground.length === 0 || foregroundInARow >= FOREGROUND_RUN);
    if (backgroundDue) {
      foregroundInARow = 0;
      return waiting.background.shift();
    }
    const turn = waiting.foreground.shift();
    if (turn) foregroundInARow++;
    return turn;
  };

  const give = () => {
    const turn = next();
    if (turn) turn();
    else busy = false;
  };

  return {
    async take(lane) {
      if (busy) await new Promise<void>((resolve) => waiting[lane].push(resolve));
      else busy = true;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        give();
      };
    },
  };
}
