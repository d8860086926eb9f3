import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from './databases.ts';
import { type Harness, openHarness } from './service-harness.ts';

/**
 * A harness for the suite it is called in: opened on a fresh database before its tests,
 * closed after them. It answers for the open harness (and throws before the suite has started).
 */
export function suiteHarness(database: TestDatabase): Harness {
  let opened: Harness | undefined;
  beforeAll(async () => {
    opened = await openHarness(database);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const harness = (): Harness => {
    if (opened === undefined) throw new Error(`the ${database.name} harness is opened before the suite's tests`);
    return opened;
  };
  return {
    get db() {
      return harness().db;
    },
    get sampled() {
      return harness().sampled;
    },
    get store() {
      return harness().store;
    },
    append: (...events) => harness().append(...events),
    project: (options) => harness().project(options),
    close: () => harness().close(),
  };
}
