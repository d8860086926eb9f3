import { Decimal as DecimalJs } from 'decimal.js';
import type { CorporateActionType } from '#schemas/common';

// Factors are kept as exact fractions of short decimals; 1,000 digits hold any product exactly.
const Decimal = DecimalJs.clone({ precision: 1000, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });
type Decimal = InstanceType<typeof Decimal>;

/** Decimal places a factor is shown to; it is applied exactly. */
export const FACTOR_DECIMALS = 12;

/** The fields of a corporate action (as `CorporateAction` names them) that its factor comes from. */
export interface AdjustingAction {
  readonly id: string;
  readonly action_type: CorporateActionType | null;
  /** YYYY-MM-DD: the first day the share trades without the entitlement. */
  readonly ex_date: string;
  readonly ratio_new: string | null;
  readonly ratio_existing: string | null;
  readonly face_value_from: string | null;
  readonly face_value_to: string | null;
  readonly amount_per_share: string | null;
}

/** An exact factor, numerator over denominator. */
export interface Fraction {
  readonly numerator: Decimal;
  readonly denominator: Decimal;
}

export type FactorOutcome = ({ readonly ok: true } & Fraction) | { readonly ok: false; readonly reason: string };

const ONE: Fraction = { numerator: new Decimal(1), denominator: new Decimal(1) };
const positive = (text: string | null): Decimal | null => {
  const value = text === null ? null : new Decimal(text);
  return value && value.isPositive() && !value.isZero() ? value : null;
};
const fail = (reason: string): FactorOutcome => ({ ok: false, reason });
const fraction = (numerator: Decimal, denominator: Decimal): FactorOutcome => ({ ok: true, numerator, denominator });

export const times = (a: Fraction, b: Fraction): Fraction => ({
  numerator: a.numerator.times(b.numerator),
  denominator: a.denominator.times(b.denominator),
});
export const inverse = (a: Fraction): Fraction => ({ numerator: a.denominator, denominator: a.numerator });

/** A fraction as a decimal string to `places` decimal places (half away from zero), trailing zeros dropped. */
export function decimalText(value: Fraction, places = FACTOR_DECIMALS): string {
  return value.numerator.div(value.denominator).toDecimalPlaces(places).toFixed();
}

/** `value` (a decimal string) times a fraction, to `places` decimal places, trailing zeros dropped. */
export function scaled(value: string, factor: Fraction, places: number): string {
  return new Decimal(value).times(factor.numerator).div(factor.denominator).toDecimalPlaces(places).toFixed();
}

export const isShareCountAction = (type: CorporateActionType | null): boolean => type === 'stock_split' || type === 'bonus_issue';

/**
 * Shares one share becomes on the ex-date: a bonus A:B (A new for every B held) (A+B)/B, so
 * 1:1 gives 2; a split of face value F1 to F2, F1/F2. Other actions leave the count alone.
 */
export function shareFactorOf(action: AdjustingAction): FactorOutcome {
  if (action.action_type === 'bonus_issue') {
    const [a, b] = [positive(action.ratio_new), positive(action.ratio_existing)];
    return a && b ? fraction(a.plus(b), b) : fail('the bonus ratio is not stated');
  }
  if (action.action_type === 'stock_split') {
    const [from, to] = [positive(action.face_value_from), positive(action.face_value_to)];
    return from && to ? fraction(from, to) : fail('the face values of the split are not stated');
  }
  return fraction(ONE.numerator, ONE.denominator);
}

/** A dividend D against the last close P before the ex-date: (P − D) / P. */
export function dividendFactor(amount: string | null, close: string | null): FactorOutcome {
  const [d, p] = [positive(amount), positive(close)];
  if (!d) return fail('the dividend amount is not stated');
  if (!p) return fail('no close before the ex-date is held');
  return d.lessThan(p) ? fraction(p.minus(d), p) : fail(`the dividend ${d.toFixed()} is not below the close ${p.toFixed()}`);
}

/**
 * A rights issue of A new for every B held at price S, against the last cum-rights close P:
 * the theoretical ex-rights price E = (P·B + S·A) / (A + B), and the factor E / P.
 */
export function rightsFactor(
  ratioNew: string | null,
  ratioExisting: string | null,
  price: string | null,
  close: string | null,
): FactorOutcome {
  const [a, b, s, p] = [positive(ratioNew), positive(ratioExisting), positive(price), positive(close)];
  if (!a || !b) return fail('the rights ratio is not stated');
  if (!s) return fail('the rights issue price is not recorded (the event carries no price; the purpose text may state a premium)');
  if (!p) return fail('no close before the ex-date is held');
  return fraction(p.times(b).plus(s.times(a)), a.plus(b).times(p));
}

/** How the share count changed between two days, and from which actions. */
export interface ShareCountChange {
  /** Shares one share held at the end of `from` stands for at the end of `to`, to 12 places. */
  readonly factor: string;
  readonly numerator: string;
  readonly denominator: string;
  /** The actions applied, each once with the ids of its copies. */
  readonly actions: ReadonlyArray<{ readonly ids: readonly string[]; readonly ex_date: string; readonly factor: string }>;
  /** Splits and bonuses in the span whose factor is unknown: left out, so the factor may be short of the truth. */
  readonly unusable: ReadonlyArray<{ readonly ids: readonly string[]; readonly ex_date: string; readonly reason: string }>;
}

/**
 * The share-count factor between two days (YYYY-MM-DD): the product of the factors of the
 * splits and bonuses that went ex after `from` and on or before `to` (an ex-date's prices
 * already trade on the new count). From a later day to an earlier one, the inverse. The
 * caller gives the company's actions as known at the time it asks about; actions of other
 * types are ignored, and one repeated across files or exchanges counts once (`distinctActions`).
 */
export function shareCountFactor(actions: readonly AdjustingAction[], from: string, to: string): ShareCountChange {
  const [low, high] = from <= to ? [from, to] : [to, from];
  let product = ONE;
  const used: Array<ShareCountChange['actions'][number]> = [];
  const unusable: Array<ShareCountChange['unusable'][number]> = [];
  for (const { action, ids } of distinctActions(actions)) {
    if (!isShareCountAction(action.action_type) || action.ex_date <= low || action.ex_date > high) continue;
    const outcome = shareFactorOf(action);
    if (!outcome.ok) unusable.push({ ids, ex_date: action.ex_date, reason: outcome.reason });
    else {
      product = times(product, outcome);
      used.push({ ids, ex_date: action.ex_date, factor: decimalText(outcome) });
    }
  }
  const factor = from <= to ? product : inverse(product);
  return {
    factor: decimalText(factor),
    numerator: factor.numerator.toFixed(),
    denominator: factor.denominator.toFixed(),
    actions: used,
    unusable,
  };
}

/**
 * One action per type, ex-date and figures, with the ids of its copies: the same split
 * announced by BSE and by NSE, or in two downloads, is applied once. (Two distinct
 * dividends of one amount on one day would merge too; no such pair is in the data.)
 */
export function distinctActions<A extends AdjustingAction>(actions: readonly A[]): Array<{ action: A; ids: string[] }> {
  const groups = new Map<string, { action: A; ids: string[] }>();
  for (const action of actions) {
    const figures = [action.ratio_new, action.ratio_existing, action.face_value_from, action.face_value_to, action.amount_per_share]
      .map((figure) => (figure === null ? '' : new Decimal(figure).toFixed()))
      .join('|');
    const key = `${action.action_type}|${action.ex_date}|${figures}`;
    const group = groups.get(key);
    if (group) group.ids.push(action.id);
    else groups.set(key, { action, ids: [action.id] });
  }
  return [...groups.values()];
}
