import type { PlanRoute } from '#schemas/query';

/** What the question asks, as read by the other parts of the planner. */
export interface RouteSignals {
  readonly reference: boolean;
  /** Concepts or ratios named (price and market cap are not concepts). */
  readonly concepts: boolean;
  /** Comparisons with an amount ("above 20%"), whatever their metric. */
  readonly comparisons: boolean;
  /** A condition usable on the company's own facts. */
  readonly condition: boolean;
  /** "top 10", "highest ROE". */
  readonly ranking: boolean;
  readonly narrative: boolean;
  /** Price or market cap named, or "quote". */
  readonly quote: boolean;
  /** "companies", "stocks", "which company". */
  readonly plural: boolean;
  /** Words left that are neither stop words nor the company: a topic to search for. */
  readonly topic: boolean;
  /** One reported concept and period over every company ("revenue of all companies in Q3 FY25"). */
  readonly crossSection: boolean;
}

/**
 * The route, by precedence: screens (numbers or a ranking over companies), narrative
 * questions (hybrid when a company's facts are named too), quotes, a cross-section (every
 * company's figure of one period: filter, a filter of the facts by concept and period, not
 * of companies by predicates), a condition on a company's periods, named facts, and a company
 * with only a topic. Anything else is a document search.
 */
export function chooseRoute(s: RouteSignals): PlanRoute {
  if ((s.comparisons || s.ranking) && (!s.reference || s.plural)) return 'hybrid_screen';
  if (s.narrative) return s.reference && (s.concepts || s.condition) ? 'hybrid' : 'semantic';
  if (s.quote && !s.concepts) return s.reference ? 'quote' : 'semantic';
  if (s.crossSection && !s.reference) return 'filter';
  if (s.reference && s.condition) return 'filter';
  if (s.reference && s.concepts) return 'exact';
  if (s.reference) return s.topic ? 'semantic' : 'exact';
  return 'semantic';
}
