import { parseDecimalText, shiftDecimal } from '#platform/decimals';

const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?|\\.\\d+)';
const RUPEE = '(?:\\brs|\\bre|\\binr|₹)\\.?';

/** "Rs 5", "Re 0.25", "Rs.10/-", BSE's "Rs. - 22.5000", "Rs5". */
const RUPEE_AMOUNT = new RegExp(`${RUPEE}\\s*(?:-\\s*)?${NUMBER}`, 'i');
/** "1:1", "2: 7", "1:11.10" — new:existing as NSE and BSE both write it. */
const RATIO = /(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)/;
/** "1 share for every 2 shares held" — the same ratio in words. */
const RATIO_IN_WORDS = /(\d+(?:\.\d+)?)\s+(?:new\s+|bonus\s+)?(?:equity\s+)?shares?\s+for\s+(?:every\s+)?(\d+(?:\.\d+)?)/i;
/** "From Rs 10/- Per Share To Rs 2/- Per Share", "From Rs.10/- to Rs.1/-", "Rs.2/- To Re.1/-". */
const FACE_VALUES = new RegExp(
  `${RUPEE}\\s*${NUMBER}\\s*(?:/-)?\\s*(?:per\\s+(?:equity\\s+)?share\\s*|each\\s*)?to\\s+${RUPEE}\\s*${NUMBER}`,
  'i',
);
/** "@ Premium Rs 100/-", "@ Prm Rs 0.63/-", "@ Premium 91". */
const PREMIUM = new RegExp(`(?:premium|prm)\\.?\\s*(?:of\\s+)?(?:${RUPEE}\\s*)?${NUMBER}`, 'i');

/** A number from purpose text as an exact decimal in its shortest form ("22.5000" → "22.5"). */
function decimalOf(text: string | undefined): string | null {
  const value = parseDecimalText(text);
  return typeof value === 'string' ? shiftDecimal(value, 0) : null;
}

export function rupeeAmountIn(text: string): string | null {
  return decimalOf(RUPEE_AMOUNT.exec(text)?.[1]);
}

export function ratioIn(text: string): { readonly new: string; readonly existing: string } | null {
  const match = RATIO.exec(text) ?? RATIO_IN_WORDS.exec(text);
  const [newShares, existing] = [decimalOf(match?.[1]), decimalOf(match?.[2])];
  return newShares !== null && existing !== null ? { new: newShares, existing } : null;
}

export function faceValuesIn(text: string): { readonly from: string | null; readonly to: string | null } {
  const match = FACE_VALUES.exec(text);
  return { from: decimalOf(match?.[1]), to: decimalOf(match?.[2]) };
}

/** The rights premium per share; an issue "At Par" has a premium of 0. */
export function premiumIn(text: string): string | null {
  if (/\bat\s+par\b/i.test(text)) return '0';
  return decimalOf(PREMIUM.exec(text)?.[1]);
}

/** Whether the text is nothing but an amount, as BSE writes a dividend ("Rs. - 0.4000"). */
export function isBareAmount(text: string): boolean {
  return new RegExp(`^${RUPEE}\\s*(?:-\\s*)?${NUMBER}\\s*(?:/-)?\\s*(?:per\\s+sh(?:are)?\\.?)?$`, 'i').test(text);
}
