import { describe, expect, it } from 'vitest';
import { DERIVED_RATIOS } from '#schemas/common/concepts';
import { ScreenPredicateSchema } from '#schemas/read-models/screen';
import { STAND_IN_CLOSE_SOURCE } from '../../../test/support/stand-in-close-source.ts';
import { compileScreen } from './compile-screen.ts';
import { factsScreenSource } from './facts-source.ts';
import { ScreenRequestError, UnknownScreenMetricError } from '#platform/errors';
import { buildScreenWhitelist, listScreenMetrics } from './screen-sources.ts';

const withClose = buildScreenWhitelist([factsScreenSource, STAND_IN_CLOSE_SOURCE]);

const compiled = (...args: Parameters<typeof compileScreen>) => {
  const result = compileScreen(...args);
  if (!result.ok) throw result.error;
  return result.screen;
};

describe('compileScreen', () => {
  it('binds every value as a parameter and maps the operators to fixed SQL', () => {
    const screen = compiled({
      filters: [
        { metric: 'net_margin', operator: '!=', value: 0.1 },
        { metric: 'Revenue_growth', operator: '>=', value: '-.5' },
      ],
      sort: '-ebit',
      limit: 5,
      offset: 10,
    });
    expect(screen.pageValues).toEqual(['0.1', '-0.5', 5, 10]);
    expect(screen.countValues).toEqual(['0.1', '-0.5']);
    expect(screen.pageSql).toContain(`"facts"."net_margin" <> $1::numeric and "facts"."Revenue_growth" >= $2::numeric`);
    expect(screen.pageSql).toContain('order by m.v2 desc nulls last, c.name, m.company_id');
    expect(screen.pageSql).toContain('limit $3 offset $4');
    expect(screen.metrics.map((m) => m.id)).toEqual(['net_margin', 'Revenue_growth', 'ebit']);
  });

  it('writes numbers exactly as their shortest decimal, never in exponent form', () => {
    const screen = compiled({
      filters: [
        { metric: 'ebit', operator: '>', value: 1e21 },
        { metric: 'net_margin', operator: '>', value: 1e-7 },
      ],
    });
    expect(screen.countValues).toEqual(['1000000000000000000000', '0.0000001']);
  });

  it('reads only the concepts the requested metrics need, and the prior year only for growth', () => {
    const ratios = factsScreenSource.cte(['net_margin'], () => '$1', null);
    expect(ratios).toContain(`f.concept in ('ProfitAfterTax', 'Revenue')`);
    expect(ratios).toContain("(values ('cur'))");
    expect(factsScreenSource.cte(['Borrowings_growth'], () => '$1', null)).toContain("(values ('cur'), ('pri'))");
  });

  it('joins a second source on company_id: inner when filtered, left when only sorted by', () => {
    const sorted = compiled({ filters: [{ metric: 'net_margin', operator: '>', value: 0 }], sort: 'price' }, withClose);
    expect(sorted.pageSql).toContain('from "facts" left join "close" using (company_id)');
    expect(sorted.sources).toEqual(['facts', 'close']);
    expect(sorted.pageValues).toEqual(['2025-01-31', '0', 20, 0]);
    const filtered = compiled(
      {
        filters: [
          { metric: 'price', operator: '<', value: 500 },
          { metric: 'net_margin', operator: '>', value: 0 },
        ],
      },
      withClose,
    );
    expect(filtered.pageSql).toContain('from "close" join "facts" using (company_id)');
  });

  it('refuses an id offered by two sources, or not a plain identifier', () => {
    expect(() => buildScreenWhitelist([factsScreenSource, factsScreenSource])).toThrow(/offered by two sources/);
    expect(() =>
      buildScreenWhitelist([{ ...STAND_IN_CLOSE_SOURCE, metrics: [{ ...STAND_IN_CLOSE_SOURCE.metrics[0]!, id: 'x"; drop' }] }]),
    ).toThrow(/plain identifier/);
  });

  it('returns unknown metrics as an error value listing the valid ids; user text never reaches the SQL', () => {
    const result = compileScreen({ filters: [{ metric: 'revenue; drop table rm_facts_v5', operator: '>', value: 1 }], sort: '-pe' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(UnknownScreenMetricError);
    expect(result.error.issues.map((i) => i.loc)).toEqual([['filters', 0, 'metric'], ['sort']]);
    expect((result.error as UnknownScreenMetricError).validIds).toEqual(listScreenMetrics().map((m) => m.id));
    expect(listScreenMetrics().map((m) => m.id)).toEqual(
      expect.arrayContaining([...DERIVED_RATIOS, 'Revenue_growth', 'NetIncreaseInCash_growth']),
    );
  });

  it('reports malformed requests as a ScreenRequestError, all issues at once', () => {
    const result = compileScreen({ filters: [{ metric: 'net_margin', operator: '>', value: '1.2.3' }], limit: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ScreenRequestError);
    expect(result.error).not.toBeInstanceOf(UnknownScreenMetricError);
    expect(result.error.issues.map((i) => i.loc)).toEqual([['filters', 0, 'value'], ['limit']]);
    expect(result.error.status).toBe(422);
  });
});

describe('ScreenPredicateSchema (SPEC.md)', () => {
  const valid = (value: unknown) => ScreenPredicateSchema.safeParse({ metric: 'net_margin', operator: '>', value }).success;

  it.each(['12', '-0.5', '+3', '.5', '5.', '0007', '-.25'])('accepts the decimal string %s', (value) => {
    expect(valid(value)).toBe(true);
  });

  it.each(['', '-', '+', '.', '-.', '+.', '1e3', '1,000', ' 1', '1 ', '1.2.3', 'NaN', '0x10', '--1'])('rejects the string %j', (value) => {
    expect(valid(value)).toBe(false);
  });

  it('accepts finite numbers and nothing else', () => {
    expect(valid(0.15)).toBe(true);
    expect(valid(-3)).toBe(true);
    expect(valid(Number.POSITIVE_INFINITY)).toBe(false);
    expect(valid(Number.NaN)).toBe(false);
    expect(valid(null)).toBe(false);
    expect(valid(true)).toBe(false);
  });

  it('bounds the metric to 1..60 characters, the operator to the six, and forbids other properties', () => {
    const parse = (predicate: unknown) => ScreenPredicateSchema.safeParse(predicate).success;
    expect(parse({ metric: '', operator: '>', value: 1 })).toBe(false);
    expect(parse({ metric: 'x'.repeat(61), operator: '>', value: 1 })).toBe(false);
    expect(parse({ metric: 'x'.repeat(60), operator: '!=', value: 1 })).toBe(true);
    expect(parse({ metric: 'net_margin', operator: '<>', value: 1 })).toBe(false);
    expect(parse({ metric: 'net_margin', operator: '>', value: 1, unit: 'ratio' })).toBe(false);
    expect(parse({ metric: 'net_margin', operator: '>' })).toBe(false);
  });
});
