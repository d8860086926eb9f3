import type { ScreenMetric } from '#schemas/read-models';
import { factsScreenSource } from './facts-source.ts';
import { marketScreenSource } from './market-source.ts';
import { ownershipScreenSource } from './ownership-source.ts';
import type { ScreenSource } from './screen-source.ts';

/**
 * Every source of screenable metrics: ratios and growth from the latest annual facts,
 * ownership from the newest shareholding snapshot, price and market cap from the newest
 * close. To add one, implement `ScreenSource` in its own file and list it here.
 */
export const SCREEN_SOURCES: readonly ScreenSource[] = [factsScreenSource, ownershipScreenSource, marketScreenSource];

export interface ScreenMetricEntry {
  readonly source: ScreenSource;
  readonly metric: ScreenMetric;
}

/** Metric id to its source and catalogue entry. */
export type ScreenWhitelist = ReadonlyMap<string, ScreenMetricEntry>;

/** The whitelist of some sources, built from code only; ids must be plain identifiers, unique across sources. */
export function buildScreenWhitelist(sources: readonly ScreenSource[]): ScreenWhitelist {
  const whitelist = new Map<string, ScreenMetricEntry>();
  for (const source of sources) {
    // `matched` names the compiler's own CTE.
    if (!/^[a-z][a-z0-9_]*$/.test(source.id) || source.id === 'matched') throw new Error(`screen source id ${source.id} cannot name a CTE`);
    for (const metric of source.metrics) {
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(metric.id)) throw new Error(`screen metric id ${metric.id} is not a plain identifier`);
      if (whitelist.has(metric.id)) throw new Error(`screen metric ${metric.id} is offered by two sources`);
      whitelist.set(metric.id, { source, metric: { ...metric, source: source.id } });
    }
  }
  return whitelist;
}

/** The service's whitelist: every metric of every source in SCREEN_SOURCES. */
export const SCREEN_WHITELIST: ScreenWhitelist = buildScreenWhitelist(SCREEN_SOURCES);

/** Every metric companies can be screened on, with its unit and source. */
export const listScreenMetrics = (whitelist: ScreenWhitelist = SCREEN_WHITELIST): ScreenMetric[] =>
  [...whitelist.values()].map((entry) => entry.metric);
