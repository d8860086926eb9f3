/**
 * The scale words of Indian amounts, and the international ones people also write: lakh
 * (10^5), crore (10^7), lakh crore (10^12), thousand, million, billion, trillion. A question
 * ("₹60,000 crore"), an answer ("₹5,927.38 crore"), a plan condition's unit ("crore") and a
 * filing's presentation scale ("Lakhs") all use them. Every spelling and its power of ten is
 * written here once; money is scaled by powers of ten, never by a float.
 */

/** Each scale's spellings as a question may write them (regular-expression sources, read case-insensitively), and its power of ten. */
type Spellings = readonly [source: string, power: number];

// Longest first: "lakh crore" before "lakh". Abbreviations: cr, crs, cr., lac, lacs.
const INDIAN_SPELLINGS: readonly Spellings[] = [
  [String.raw`(?:lakh|lac)\s*(?:crores?|crs?\.?)`, 12],
  [String.raw`crores?|crs?\.?`, 7],
  [String.raw`lakhs?|lacs?`, 5],
];

// Abbreviations: k, mn, bn, tn.
const INTERNATIONAL_SPELLINGS: readonly Spellings[] = [
  [String.raw`trillions?|tn`, 12],
  [String.raw`billions?|bn`, 9],
  [String.raw`millions?|mn`, 6],
  [String.raw`thousand|k`, 3],
];

const anchored = (spellings: readonly Spellings[]): ReadonlyArray<readonly [RegExp, number]> =>
  spellings.map(([source, power]) => [new RegExp(`^(?:${source})$`, 'i'), power] as const);

const SCALES = anchored([...INDIAN_SPELLINGS, ...INTERNATIONAL_SPELLINGS]);
const INDIAN_SCALES = anchored(INDIAN_SPELLINGS);

/** Every scale word a question may write, longest first, as one alternation (read-amount.ts). */
export const QUESTION_SCALE_WORDS: string = [...INDIAN_SPELLINGS, ...INTERNATIONAL_SPELLINGS].map(([source]) => source).join('|');

/**
 * The scale words an answer's numbers may carry (number-tokens.ts), stricter than a
 * question's: no k, tn, crs or dots, "lakh crore" with `space` between its words.
 */
export const answerScaleWords = (space: string): string =>
  String.raw`lakh${space}+crores?|lakhs?|lacs?|crores?|cr|thousand|million|mn|billion|bn|trillion`;

/** The power of ten a scale word stands for ("crore" 7, "lakh crore" 12, "bn" 9); 0 for no scale word. */
export const scalePower = (word: string | undefined): number =>
  word === undefined ? 0 : (SCALES.find(([pattern]) => pattern.test(word.trim()))?.[1] ?? 0);

const RUPEES = /^(?:inr|rupees|rs)$/i;

/**
 * The power of ten from a rupee unit, as a plan condition names it, to rupees: INR, rupees
 * and Rs 0; lakh 5, crore 7 and lakh crore 12 in any spelling a question may write
 * ("crores", "Cr.", "lac"); undefined for any other unit (an international scale word too).
 */
export function rupeeUnitPower(unit: string): number | undefined {
  const word = unit.trim();
  if (RUPEES.test(word)) return 0;
  return INDIAN_SCALES.find(([pattern]) => pattern.test(word))?.[1];
}

/** The scales a rupee amount is presented in: a filing's unit, and the unit the answer writes it in. */
export type InrScale = 'crore' | 'lakh' | 'rupees';

/** Powers of ten of the presentation scales. */
export const INR_SCALE_POWER: Readonly<Record<InrScale, number>> = { crore: 7, lakh: 5, rupees: 0 };

/** The word an answer writes after an amount in a presentation scale ("₹5,927.38 crore"); none for rupees. */
export const INR_SCALE_WORD: Readonly<Record<InrScale, string>> = { crore: 'crore', lakh: 'lakh', rupees: '' };

/** The presentation scale of a filing ("crore", "Lakhs", null) as a rendering scale; any other (millions) is rupees. */
export function inrScaleOf(scale: string | null): InrScale {
  if (/crore/i.test(scale ?? '')) return 'crore';
  return /lakh|lac/i.test(scale ?? '') ? 'lakh' : 'rupees';
}
