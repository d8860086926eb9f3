import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '#platform/db/db';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { givenCompanyRegistered } from '../../../test/support/builders.ts';
import { type Harness, openHarness } from '../../../test/support/service-harness.ts';
import { createCompanyResolver } from './company-resolver.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('the company resolver remembers companies until the projections move', (database) => {
  let harness: Harness;
  const registered = givenCompanyRegistered({ nseSymbol: 'RESOLVR' });
  beforeAll(async () => {
    harness = await openHarness(database);
    await harness.append(registered);
    await harness.project();
  });
  afterAll(() => harness.close());

  /** A resolver over the database that counts the statements it runs; short lives, so the test can outlast them. */
  const counted = () => {
    const counter = { statements: 0 };
    const db: SqlExecutor = {
      query: (text, params) => {
        counter.statements++;
        return harness.db.query(text, params);
      },
      transaction: (fn) => harness.db.transaction(fn),
    };
    return { counter, resolver: createCompanyResolver(db, { ttlMs: 40, heardTtlMs: 60_000 }) };
  };

  describe('while every move is heard', () => {
    it('answers again from memory after the short life, and reads again once told of a move', async () => {
      const { counter, resolver } = counted();
      resolver.hearing(true);
      expect((await resolver.require('RESOLVR')).id).toBe(registered.data.companyId);
      const first = counter.statements;
      expect(first).toBeGreaterThan(0);
      await pause(80);
      await resolver.require('RESOLVR');
      expect(counter.statements).toBe(first);
      resolver.forget();
      await resolver.require('RESOLVR');
      expect(counter.statements).toBe(2 * first);
    });
  });

  describe('while a move may go unheard', () => {
    it('remembers a company for the short life only, and forgets everything when hearing is lost', async () => {
      const { counter, resolver } = counted();
      resolver.hearing(true);
      await resolver.require('RESOLVR');
      const first = counter.statements;
      resolver.hearing(false);
      await resolver.require('RESOLVR');
      expect(counter.statements).toBe(2 * first);
      await resolver.require('RESOLVR');
      expect(counter.statements).toBe(2 * first);
      await pause(80);
      await resolver.require('RESOLVR');
      expect(counter.statements).toBe(3 * first);
    });
  });
});
