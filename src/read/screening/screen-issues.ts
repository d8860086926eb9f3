import { ScreenPredicateSchema } from '#schemas/read-models';
import { listScreenMetrics, type ScreenWhitelist } from './screen-sources.ts';
import type { ScreenIssue } from '#platform/errors';

const unknownMetric = (whitelist: ScreenWhitelist, loc: ScreenIssue['loc'], input: unknown): ScreenIssue => ({
  loc,
  msg: `unknown screen metric ${JSON.stringify(input)}; list_screen_metrics gives the accepted ids`,
  type: 'unknown_metric',
  input,
  ctx: { expected: listScreenMetrics(whitelist).map((m) => m.id) },
});

/** The issues of one filter: its shape (SPEC.md's ScreenPredicate), then whether its metric is screenable. */
export function filterIssues(whitelist: ScreenWhitelist, filter: unknown, index: number): ScreenIssue[] {
  const parsed = ScreenPredicateSchema.safeParse(filter);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      loc: ['filters', index, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      msg: issue.message,
      type: issue.code,
      input: filter,
    }));
  }
  return whitelist.has(parsed.data.metric) ? [] : [unknownMetric(whitelist, ['filters', index, 'metric'], parsed.data.metric)];
}

/** The metric id and direction of a sort: `net_margin` ascending, `-net_margin` descending. */
export function parseSort(sort: string): { readonly metric: string; readonly descending: boolean } {
  return sort.startsWith('-') ? { metric: sort.slice(1), descending: true } : { metric: sort, descending: false };
}

export function sortIssues(whitelist: ScreenWhitelist, sort: string | null | undefined): ScreenIssue[] {
  if (sort === null || sort === undefined) return [];
  if (typeof sort !== 'string') return [{ loc: ['sort'], msg: 'must be a string', type: 'string_type', input: sort }];
  return whitelist.has(parseSort(sort).metric) ? [] : [unknownMetric(whitelist, ['sort'], sort)];
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export function pageIssues(limit: unknown, offset: unknown): ScreenIssue[] {
  const issues: ScreenIssue[] = [];
  if (!isInteger(limit) || limit < 1 || limit > 100)
    issues.push({ loc: ['limit'], msg: 'must be an integer from 1 to 100', type: 'int_range', input: limit });
  if (!isInteger(offset) || offset < 0)
    issues.push({ loc: ['offset'], msg: 'must be an integer of 0 or more', type: 'int_range', input: offset });
  return issues;
}

export function filtersIssues(whitelist: ScreenWhitelist, filters: unknown): ScreenIssue[] {
  if (!Array.isArray(filters) || filters.length < 1 || filters.length > 8) {
    return [{ loc: ['filters'], msg: 'must hold 1 to 8 predicates', type: 'list_length', input: filters }];
  }
  return filters.flatMap((filter, index) => filterIssues(whitelist, filter, index));
}
