import type { RetrievalPlan } from '#schemas/query';

/** The event types of a plan that corporate actions answer: dividends, and corporate actions of any kind. */
const ACTION_EVENTS = new Set(['dividend', 'corporate_action']);

/** Whether the plan asks about dividends or corporate actions (its extension `event_types`). */
export const asksCorporateActions = (plan: RetrievalPlan): boolean => (plan.event_types ?? []).some((t) => ACTION_EVENTS.has(t));

/** Dividends only when only dividends are asked; every kind (null) for corporate actions. */
export const corporateActionTypeOf = (plan: RetrievalPlan): 'dividend' | null =>
  (plan.event_types ?? []).includes('corporate_action') ? null : 'dividend';
