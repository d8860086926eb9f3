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

describeEachDatabase('list_screen_metrics coverage, remembered until a projection moves', (database) => {
  const harness = suiteHarness(database);
  let cache: ResponseCache;
  /** The statements the coverage reads ran, counted on a database that passes them on. */
  const statements = vi.fn();
  let counted: Database;

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
  });

  afterAll(async () => {
    await cache.close();
  });

  it('gives what the live count gives, and reads nothing the second time', async () => {
    const live = await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, null);
    statements.mockClear();
    expect(await rememberedCoverage(counted, cache, SCREEN_SOURCES, null)).toEqual(live);
    expect(statements).toHaveBeenCalled();
    statements.mockClear();
    expect(await rememberedCoverage(counted, cache, SCREEN_SOURCES, null)).toEqual(live);
    expect(statements).not.toHaveBeenCalled();
    expect(countOf(live, 'net_margin')).toBe(1);
  });

  it('shares one computation between calls that arrive together', async () => {
    await harness.append(...withResults('Beta Software Ltd', 'BETASOFT', '50', '2024-05-21T10:00:00.000Z'));
    await harness.project();
    statements.mockClear();
    const [first, second] = await Promise.all([
      rememberedCoverage(counted, cache, SCREEN_SOURCES, null),
      rememberedCoverage(counted, cache, SCREEN_SOURCES, null),
    ]);
    expect(second).toEqual(first);
    const once = statements.mock.calls.length;
    statements.mockClear();
    await listScreenMetricCoverage(counted, SCREEN_SOURCES, null);
    expect(statements.mock.calls.length).toBe(once);
  });

  it('counts the new facts once they are projected, equal to the live count, and keeps an as-of count apart', async () => {
    const before = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, null);
    await harness.append(...withResults('Gamma Metals Ltd', 'GAMMAMET', '7', '2024-06-01T10:00:00.000Z'));
    await harness.project();
    const after = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, null);
    expect(countOf(after, 'net_margin')).toBe((countOf(before, 'net_margin') ?? 0) + 1);
    expect(after).toEqual(await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, null));
    const asOf = '2024-05-20T12:00:00.000Z';
    const then = await rememberedCoverage(harness.db, cache, SCREEN_SOURCES, asOf);
    expect(countOf(then, 'net_margin')).toBe(1);
    expect(then).toEqual(await listScreenMetricCoverage(harness.db, SCREEN_SOURCES, asOf));
  });
});
