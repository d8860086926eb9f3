import { BALANCE_SHEET_CONCEPTS, OWNERSHIP_FIELDS } from '#schemas/common';
import type { PlanPeriod } from '#schemas/query';

const STOCKS = new Set<string>([...BALANCE_SHEET_CONCEPTS, ...OWNERSHIP_FIELDS]);

/**
 * The period when the question names no kind of period: annual (the plan's default), but
 * for "latest" the newest period of any kind ("any"), or "instant" when every concept is a
 * balance or a holding, which exists at a date rather than over a period.
 */
export function defaultPeriod(latest: boolean, concepts: readonly string[]): PlanPeriod {
  if (!latest) return 'annual';
  return concepts.length > 0 && concepts.every((id) => STOCKS.has(id)) ? 'instant' : 'any';
}
