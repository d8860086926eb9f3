import type { CorporateActionType } from '#schemas/common';
import type { PriceAdjustmentFactor, PriceAdjustMode } from '#schemas/read-models';
import {
  decimalText,
  distinctActions,
  dividendFactor,
  type FactorOutcome,
  type Fraction,
  inverse,
  isShareCountAction,
  rightsFactor,
  shareFactorOf,
  type AdjustingActionRow,
} from '#projections/corporate-actions';

/** The action types each mode adjusts for. */
export const ADJUSTED_TYPES: Readonly<Record<Exclude<PriceAdjustMode, 'none'>, readonly CorporateActionType[]>> = {
  splits: ['stock_split', 'bonus_issue'],
  all: ['stock_split', 'bonus_issue', 'dividend', 'rights_issue'],
};

/** The last close before an ex-date, that a dividend or rights factor is taken against. */
export interface ReferenceClose {
  readonly close: string;
  readonly start: string;
}

/** A factor as shown, with the exact fractions it applies (null when not applied). */
export interface PriceFactor {
  readonly shown: PriceAdjustmentFactor;
  readonly price: Fraction | null;
  readonly shares: Fraction | null;
}

type TypedAction = AdjustingActionRow & { readonly action_type: CorporateActionType };

function outcomeOf(action: TypedAction, reference: ReferenceClose | undefined): FactorOutcome {
  if (action.action_type === 'dividend') return dividendFactor(action.amount_per_share, reference?.close ?? null);
  return rightsFactor(action.ratio_new, action.ratio_existing, action.amount_per_share, reference?.close ?? null);
}

function factorOf(action: TypedAction, ids: string[], closeBefore: (exDate: string) => ReferenceClose | undefined): PriceFactor {
  const base = {
    action_ids: ids,
    action_type: action.action_type,
    ex_date: action.ex_date,
    purpose: action.purpose,
    known_at: action.known_at,
  };
  const shareCount = isShareCountAction(action.action_type);
  const reference = shareCount ? undefined : closeBefore(action.ex_date);
  const outcome = shareCount ? shareFactorOf(action) : outcomeOf(action, reference);
  const price = outcome.ok ? (shareCount ? inverse(outcome) : outcome) : null;
  return {
    shown: {
      ...base,
      share_factor: shareCount && outcome.ok ? decimalText(outcome) : null,
      price_factor: price && decimalText(price),
      reference_close: reference?.close ?? null,
      reference_close_at: reference?.start ?? null,
      applied: outcome.ok,
      reason: outcome.ok ? null : outcome.reason,
    },
    price,
    shares: shareCount && outcome.ok ? outcome : null,
  };
}

/**
 * The factor of each action a mode adjusts for, oldest ex-date first, one per action however
 * many files announced it. `closeBefore` gives the last close before an ex-date (dividends
 * and rights are taken against it). Pure.
 */
export function priceFactors(
  actions: readonly AdjustingActionRow[],
  mode: Exclude<PriceAdjustMode, 'none'>,
  closeBefore: (exDate: string) => ReferenceClose | undefined,
): PriceFactor[] {
  const types = ADJUSTED_TYPES[mode];
  const adjusted = actions.filter((action): action is TypedAction => action.action_type !== null && types.includes(action.action_type));
  return distinctActions(adjusted)
    .map(({ action, ids }) => factorOf(action, ids, closeBefore))
    .sort((a, b) => a.shown.ex_date.localeCompare(b.shown.ex_date));
}
