import { OWNERSHIP_FIELDS, REPORTED_CONCEPTS } from '#schemas/common';
import type { ScreenMetric } from '#schemas/read-models';
import { RATIO_DEFINITIONS } from './formulas.ts';
import { listMetricCatalogue } from './metric-catalogue.ts';

/**
 * The metrics companies can be screened on, as data: id, label, unit and description, by the
 * source that computes them. The screen sources (src/read/screening: facts-source.ts, ownership-source.ts,
 * market-source.ts) build their SQL for these ids; the planner reads this list alone, so it
 * learns what is screenable without loading any SQL.
 */

/** A screenable metric of a source: the catalogue entry without the source, which the source adds. */
export type ScreenSourceMetric = Omit<ScreenMetric, 'source'>;

const PERIOD_NOTE = "Latest annual results of the company (consolidated where filed, else standalone), as known at the screen's as_of.";

/** Ratios and growth from the latest annual facts. */
export const FACTS_SCREEN_METRICS: readonly ScreenSourceMetric[] = [
  ...RATIO_DEFINITIONS.map((d): ScreenSourceMetric => ({
    id: d.id,
    label: d.label,
    unit: d.unit,
    description: `${d.description} ${PERIOD_NOTE}`,
  })),
  ...REPORTED_CONCEPTS.map((concept): ScreenSourceMetric => {
    const entry = listMetricCatalogue().find((e) => e.id === `${concept}_growth`);
    return {
      id: `${concept}_growth`,
      label: entry?.label ?? `${concept} growth`,
      unit: 'ratio',
      description: `${concept} of the latest fiscal year against the year before: (current − prior) / |prior|. ${PERIOD_NOTE}`,
    };
  }),
];

const OWNERSHIP_LABELS: Record<(typeof OWNERSHIP_FIELDS)[number], string> = {
  promoter_pct: 'Promoter and promoter group holding',
  fii_pct: 'Foreign institutional holding',
  dii_pct: 'Domestic institutional holding',
  mutual_fund_pct: 'Mutual fund holding',
  public_pct: 'Non-institutional public holding',
  pledged_pct: "Pledged promoter shares (% of the promoters' holding)",
};

/** Ownership percentages of the newest shareholding snapshot. */
export const OWNERSHIP_SCREEN_METRICS: readonly ScreenSourceMetric[] = OWNERSHIP_FIELDS.map((id) => ({
  id,
  label: OWNERSHIP_LABELS[id],
  unit: 'percent',
  description: `${OWNERSHIP_LABELS[id]}, in percent, from the company's newest shareholding pattern known at the screen's as_of; null when that pattern does not state it.`,
}));

/** The newest close and the market capitalisation computed from it. */
export const MARKET_SCREEN_METRICS: readonly ScreenSourceMetric[] = [
  {
    id: 'price',
    label: 'Last close',
    unit: 'INR/share',
    description:
      "The newest daily close on NSE of the company's NSE symbol knowable at the screen's as_of (a close is knowable at 15:30 IST of its day); where no daily file covers the newest day, the close built from its 5-minute bars.",
  },
  {
    id: 'market_cap',
    label: 'Market capitalisation',
    unit: 'INR',
    description:
      "Last NSE close × shares outstanding on the close's day, rounded to the rupee. Shares outstanding = EquityShareCapital (standalone where filed) of the balance sheet nearest before the close (on or before its day) known at the screen's as_of ÷ the face value per share on that date (FaceValuePerShare as the filings state it, else the splits on record), times the share factors of the splits and bonus issues that went ex between the balance sheet and the close. Inputs list the close, the capital, the face value and each action used with their dates; null when the close, a balance sheet on or before it, or the face value of that date is unknown (docs/screening.md).",
  },
];

/** The screen source ids and their metrics, in the order the service offers them (screen-sources.ts). */
export const SCREEN_METRICS_BY_SOURCE = [
  ['facts', FACTS_SCREEN_METRICS],
  ['ownership', OWNERSHIP_SCREEN_METRICS],
  ['market', MARKET_SCREEN_METRICS],
] as const satisfies ReadonlyArray<readonly [string, readonly ScreenSourceMetric[]]>;

/** Every screenable metric by id, with its source: what `listScreenMetrics` lists. */
export const SCREEN_METRICS: ReadonlyMap<string, ScreenMetric> = new Map(
  SCREEN_METRICS_BY_SOURCE.flatMap(([source, metrics]) => metrics.map((m): [string, ScreenMetric] => [m.id, { ...m, source }])),
);
