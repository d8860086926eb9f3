/**
 * The scale words of Indian amounts, and the international ones people also write: lakh
 * (10^5), crore (10^7), lakh crore (10^12), thousand, million, billion, trillion. A question
 * ("₹60,000 crore"), an answer ("₹5,927.38 crore") and a filing's presentation scale
 * ("Lakhs") all use them.
 */

// Longest first: "lakh crore" before "lakh". Abbreviations: cr, crs, lac, k, mn, bn, tn.
const SCALES: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:lakh|lac)\s*(?:crores?|crs?)\.?$/i, 12],
  [/^(?:crores?|crs?\.?)$/i, 7],
  [/^(?:lakhs?|lacs?)$/i, 5],
  [/^(?:trillions?|tn)$/i, 12],
  [/^(?:billions?|bn)$/i, 9],
  [/^(?:millions?|mn)$/i, 6],
  [/^(?:thousand|k)$/i, 3],
];

/** The power of ten a scale word stands for ("crore" 7, "lakh crore" 12, "bn" 9); 0 for no scale word. */
export const scalePower = (word: string | undefined): number =>
  word === undefined ? 0 : (SCALES.find(([pattern]) => pattern.test(word.trim()))?.[1] ?? 0);

/** The scales a rupee amount is presented in: a filing's unit, and the unit the answer writes it in. */
export type InrScale = 'crore' | 'lakh' | 'rupees';

/** Powers of ten of the presentation scales. */
export const INR_SCALE_POWER: Readonly<Record<InrScale, number>> = { crore: 7, lakh: 5, rupees: 0 };

/** The presentation scale of a filing ("crore", "Lakhs", null) as a rendering scale; any other (millions) is rupees. */
export function inrScaleOf(scale: string | null): InrScale {
  if (/crore/i.test(scale ?? '')) return 'crore';
  return /lakh|lac/i.test(scale ?? '') ? 'lakh' : 'rupees';
}
