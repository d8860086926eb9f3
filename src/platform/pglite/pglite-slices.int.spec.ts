import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

/** Runs statements on `run` for `ms`; how many ran before a timer set at the start fired (undefined: not during the run). */
async function statementsBeforeTimer(
  run: (statement: () => Promise<unknown>) => Promise<void>,
): Promise<{ before: number | undefined; total: number }> {
  let total = 0;
  let before: number | undefined;
  const timer = setTimeout(() => (before = total), 0);
  await run(async () => {
    total += 1;
  });
  clearTimeout(timer);
  return { before, total };
}

describe('embedded PGlite gives way to the event loop', () => {
  it('between statements: a timer due meanwhile fires during a run of statements, not after it', async () => {
    const db = await openPglite();
    try {
      const { before, total } = await statementsBeforeTimer(async (counted) => {
        const until = performance.now() + 200;
        while (performance.now() < until) {
          await db.query('select $1::int as n', [1]);
          await counted();
        }
      });
      expect(before).toBeDefined();
      expect(before).toBeLessThan(total);
    } finally {
      await db.close();
    }
  });

  it('not inside a transaction, which holds the one connection until it commits', async () => {
    const db = await openPglite();
    try {
      const { before } = await statementsBeforeTimer((counted) =>
        db.transaction(async (tx) => {
          const until = performance.now() + 200;
          while (performance.now() < until) {
            await tx.query('select $1::int as n', [1]);
            await counted();
          }
        }),
      );
      expect(before).toBeUndefined();
    } finally {
      await db.close();
    }
  });
});
