import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { pgliteThread, type OpenedTestDatabase } from '../../../test/support/databases.ts';
import type { SqlExecutor } from '#platform/db/db';
import { ensureProjection } from '#platform/projector/checkpoints';
import { DATASETS } from './dataset-catalogue.ts';
import { createDatasetIndex } from './dataset-index.ts';

/** An executor that tells the statements sent outside a transaction from the transactions. */
function watched(db: SqlExecutor) {
  const seen = { statements: 0, transactions: 0 };
  const executor: SqlExecutor = {
    query: (text, params) => {
      seen.statements++;
      return db.query(text, params);
    },
    transaction: (fn) => {
      seen.transactions++;
      return db.transaction(fn);
    },
  };
  return { seen, executor };
}

describe("GET /v1/'s counts on the embedded engine's shared connection (PGlite in its thread)", () => {
  let db: OpenedTestDatabase;
  beforeAll(async () => {
    db = await pgliteThread.open();
    for (const projection of PROJECTIONS) await ensureProjection(db, projection);
  });
  afterAll(() => db?.close());

  it('recounts every dataset in one turn of the connection, shared by concurrent calls, which never wait for a turn it holds', async () => {
    const { seen, executor } = watched(db.foreground ?? db);
    const index = createDatasetIndex(executor);
    const answers = await Promise.all(Array.from({ length: 20 }, () => index.describe()));
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0]))).toBe(true);
    expect(answers[0]?.map((d) => [d.name, d.rows])).toEqual(DATASETS.map((d) => [d.name, 0]));
    // The projections' states read twice (the first call's read, and one shared by every call
    // made while it ran: coalesce-reads.ts), the counts once, in one transaction.
    expect(seen).toEqual({ statements: 2, transactions: 1 });
    await index.describe();
    expect(seen.transactions).toBe(1);
  });
});
