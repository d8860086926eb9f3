// projections/corporate-actions: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export {
  decimalText,
  distinctActions,
  dividendFactor,
  type FactorOutcome,
  type Fraction,
  inverse,
  isShareCountAction,
  rightsFactor,
  scaled,
  shareFactorOf,
  times,
} from './adjustment-factors.ts';
export type { AdjustingActionRow } from './list-adjusting-actions.ts';
export { corporateActionsProjection } from './projection.ts';
export { corporateActionsDatasetStats, listAdjustingActions, listCorporateActions } from './queries.ts';
export { shareActionsSql } from './share-actions-sql.ts';
export { CORPORATE_ACTIONS } from './tables.ts';
