import type { CorporateActionType } from '#schemas/common';
import { faceValuesIn, isBareAmount, premiumIn, ratioIn, rupeeAmountIn } from './purpose-numbers.ts';

/** One action read from purpose text; every figure null when the text does not state it. */
export interface ParsedAction {
  /** Null when the text is not one of the five action types (kept raw, see the README). */
  readonly actionType: CorporateActionType | null;
  /** The part of the purpose this action was read from. */
  readonly text: string;
  readonly amountPerShare: string | null;
  readonly ratio: { readonly new: string; readonly existing: string } | null;
  readonly faceValueFrom: string | null;
  readonly faceValueTo: string | null;
  /** Rights premium over face value; the event has no field for it, the purpose keeps it. */
  readonly rightsPremium: string | null;
}

export type PartReading = { readonly kind: 'action'; readonly action: ParsedAction } | { readonly kind: 'meeting' };

const EMPTY = { amountPerShare: null, ratio: null, faceValueFrom: null, faceValueTo: null, rightsPremium: null };

export const unparsedAction = (text: string): ParsedAction => ({ actionType: null, text, ...EMPTY });

/** General meetings ride along with dividends ("Annual General Meeting/Dividend ..."): not actions. */
const MEETING = /^(?:annual\s+general\s+meet\w*|agm|a\.g\.m\.?|extra[-\s]?ordinary\s+general\s+met?e?t\w*|egm|e\.g\.m\.?)$/i;
/**
 * Another instrument than the equity share: a bonus of preference shares ("Bonus Ncrps
 * 4:1") or debentures, or rights to CCPS, does not change the equity share count, so it is
 * never read as an equity bonus or rights issue.
 */
const OTHER_INSTRUMENT = /\b(?:ncrps|ncrp|ccps|ocrps|crps|ocps|preference|pref|debentures?|ncds?|bonds?)\b/i;
/** A consolidation is the reverse of a split; the vocabulary has no type for it. */
const CONSOLIDATION = /consolidat/i;
const SPLIT = /\bsplit\b|sub[-\s]?division/i;
const BONUS = /\bbonus\b/i;
const RIGHTS = /\brights?\b/i;
const BUYBACK = /\bbuy\s*-?\s*back\b/i;
const DIVIDEND = /\bdiv(?:idend|dend|idned|iend)?\b|dividend/i;

type Rule = readonly [RegExp, (text: string) => ParsedAction];

/** Checked in order; the first matching rule reads the part. */
const RULES: readonly Rule[] = [
  [OTHER_INSTRUMENT, unparsedAction],
  [CONSOLIDATION, unparsedAction],
  [
    SPLIT,
    (text) => {
      const { from, to } = faceValuesIn(text);
      return { ...EMPTY, actionType: 'stock_split', text, faceValueFrom: from, faceValueTo: to };
    },
  ],
  [BONUS, (text) => ({ ...EMPTY, actionType: 'bonus_issue', text, ratio: ratioIn(text) })],
  [RIGHTS, (text) => ({ ...EMPTY, actionType: 'rights_issue', text, ratio: ratioIn(text), rightsPremium: premiumIn(text) })],
  [BUYBACK, (text) => ({ ...EMPTY, actionType: 'buyback', text, amountPerShare: rupeeAmountIn(text) })],
  [DIVIDEND, (text) => ({ ...EMPTY, actionType: 'dividend', text, amountPerShare: rupeeAmountIn(text) })],
];

/** Reads one part of a purpose (see split-purpose.ts) as an action, a meeting, or raw text. */
export function readPurposePart(text: string): PartReading {
  if (MEETING.test(text)) return { kind: 'meeting' };
  const rule = RULES.find(([pattern]) => pattern.test(text));
  if (rule) return { kind: 'action', action: rule[1](text) };
  if (isBareAmount(text)) {
    return { kind: 'action', action: { ...EMPTY, actionType: 'dividend', text, amountPerShare: rupeeAmountIn(text) } };
  }
  return { kind: 'action', action: unparsedAction(text) };
}
