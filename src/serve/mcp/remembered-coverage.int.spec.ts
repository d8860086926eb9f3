import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '#platform/db/db';
import { listScreenMetricCoverage, type ScreenSourceCoverage } from '#read/screening/screen-metric-coverage';
import { SCREEN_SOURCES } from '#read/screening/screen-sources';
import { createResponseCache, type ResponseCache } from '#serve/response-cache/response-cache';
import { annualPeriod, givenCompanyRegistered, givenFact, givenFinancialsReported } from '../../../test/support/builders.ts';
import { describeEachDatabase } from '../../../test/support/databases.ts';
import { suiteHarness } from '../../../test/support/suite-harness.ts';
import { rememberedCoverage } from './remembered-coverage.ts';

const withResults = (name: string, symbol: string, profit: string, knownAt: string) => {
  const company = givenCompanyRegistered({ name, nseSymbol: symbol });
  const filing = givenFinancialsReported({
    companyId: company.data.companyId,
    knownAt,
    facts: [givenFact('Revenue', '1000', annualPeriod(2024)), givenFact('ProfitAfterTax', profit, annualPeriod(2024))],
  });
  return [company, filing] as const;
};

const countOf = (coverage: readonly ScreenSourceCoverage[], id: string) =>
  coverage.flatMap((source) => source.metrics).find((metric) => metric.id === id)?.companies_with_value;

describeEachDatabase(
  'list_screen_metrics coverage, counted once per projection position and never again on a call that has counts',
  (database) => {
    const harness = suiteHarness(database);
    let cache: ResponseCache;
    /** The statements the coverage reads ran, counted on a database that passes them on. */
    const statements = vi.fn();
    let counted: Database;
    /** The same database, each statement 400 ms late: a recount slower than the wait, as the whole market's is. */
    let slow: Database;

    beforeAll(async () => {
      await harness.append(...withResults('Alpha Cements Ltd', 'ALPHACEM', '100', '2024-05-20T10:00:00.000Z'));
      await harness.project();
      cache = createResponseCache(harness.db, { maxBytes: 1_000_000 });
      const db = harness.db;
      counted = {
        ...db,
        query: (text, params) => {
          statements(text);
          return db.query(text, params);
        },
      };
      slow = {
        ...db,
        query: async (text, params) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return db.query(text, params);
        },
      };
    });

    afterAll(async () => {
      await cache.close();
    });

    const project = async (...events: Parameters<typeof harness.append>) => {
      await harness.append(...events);
      await harness.project();
    };

    it('gives what the live count gives, current, and reads nothing the second time', async () => {
      const live = await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, null);
      statements.mockClear();
      const first = await rememberedCoverage(counted, cache, SCREEN_SOURCES, null);
      expect(first.coverage).toEqual(live);
      expect(first.current).toBe(true);
      expect(statements).toHaveBeenCalled();
      statements.mockClear();
      const second = await rememberedCoverage(counted, cache, SCREEN_SOURCES, null);
      expect(second).toEqual(first);
      expect(statements).not.toHaveBeenCalled();
      expect(countOf(live, 'net_margin')).toBe(1);
    });

    it('after new data, answers at once with the counts it has, marked not current, while a slow recount runs; the next call gets the recount', async () => {
      const before = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, null);
      await project(...withResults('Beta Software Ltd', 'BETASOFT', '50', '2024-05-21T10:00:00.000Z'));
      const started = performance.now();
      const behind = await rememberedCoverage(slow, cache, SCREEN_SOURCES, null);
      expect(performance.now() - started).toBeLessThan(900);
      expect(behind.current).toBe(false);
      expect(behind.coverage).toEqual(before.coverage);
      expect(behind.countedAt).toBe(before.countedAt);
      expect(behind.recount).toBeDefined();
      await behind.recount;
      const after = await rememberedCoverage(counted, cache, SCREEN_SOURCES, null);
      expect(after.current).toBe(true);
      expect(countOf(after.coverage, 'net_margin')).toBe((countOf(before.coverage, 'net_margin') ?? 0) + 1);
      expect(after.coverage).toEqual(await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, null));
    });

    it('shares one recount between calls that arrive together', async () => {
      await project(...withResults('Delta Foods Ltd', 'DELTAFOOD', '20', '2024-05-22T10:00:00.000Z'));
      statements.mockClear();
      const [first, second] = await Promise.all([
        rememberedCoverage(counted, cache, SCREEN_SOURCES, null),
        rememberedCoverage(counted, cache, SCREEN_SOURCES, null),
      ]);
      await Promise.all([first.recount, second.recount]);
      const once = statements.mock.calls.length;
      statements.mockClear();
      await listScreenMetricCoverage(counted, SCREEN_SOURCES, null);
      expect(statements.mock.calls.length).toBe(once);
    });

    it('a recount quicker than the wait is the answer, and an as-of count is kept apart', async () => {
      const before = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, null);
      await project(...withResults('Gamma Metals Ltd', 'GAMMAMET', '7', '2024-06-01T10:00:00.000Z'));
      // A wait far longer than this recount takes, so that a loaded machine does not decide it.
      const after = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, null, 30_000);
      expect(after.current).toBe(true);
      expect(after.recount).toBeUndefined();
      expect(countOf(after.coverage, 'net_margin')).toBe((countOf(before.coverage, 'net_margin') ?? 0) + 1);
      expect(after.coverage).toEqual(await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, null));
      const asOf = '2024-05-20T12:00:00.000Z';
      const then = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, asOf);
      expect(countOf(then.coverage, 'net_margin')).toBe(1);
      expect(then.coverage).toEqual(await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, asOf));
    });
  },
);
