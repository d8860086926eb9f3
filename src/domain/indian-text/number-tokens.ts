import { Decimal } from '#platform/decimals';
import { answerScaleWords, scalePower } from './amount-scale.ts';

/** A number read from prose: the answer check's reading (see number-forms' readingMatches). */
export interface NumberReading {
  /** Sign × digits × multiplier word, exact. */
  readonly amount: Decimal;
  readonly percent: boolean;
  readonly currency: boolean;
}

/** A number written in prose, with where it stands. */
export interface NumberToken extends NumberReading {
  /** The number as written, e.g. "₹5,927.38 crore" or "-0.6%". */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The grammar of a number in prose: an optional sign (not right after a letter, digit or
 * separator, so the hyphens of "2024-25" are not signs), an optional currency (₹, Rs, INR),
 * digits grouped the Indian way (1,23,456) or the Western way (123,456) or not at all, an
 * optional fraction, an optional percent (%, per cent, percent) and an optional multiplier
 * word (thousand, lakh, million, crore, billion, lakh crore, trillion). A comma that does not
 * form a valid grouping ends the number. Digits inside words ("Q3", "abc123") are numbers too.
 * Stricter than a question's amounts (read-amount.ts): no k, tn or crs, and nothing across a line.
 */
/** Horizontal white space: a number never runs across a line break. */
const H = String.raw`[^\S\r\n]`;

const NUMBER = new RegExp(
  [
    String.raw`(?<sign>(?<![\p{L}\p{N}_.,\-−+])[-−+])?`,
    String.raw`(?:(?<currency>₹|(?<![\p{L}\p{N}_])(?:Rs\.?|INR))${H}?(?<innerSign>[-−])?)?`,
    String.raw`(?<digits>\d{1,2}(?:,\d{2})*,\d{3}(?!,?\d)|\d{1,3}(?:,\d{3})+(?!,?\d)|\d+)`,
    String.raw`(?<fraction>\.\d+)?`,
    String.raw`(?<percent>${H}?(?:%|per${H}?cent(?![\p{L}])|percent(?![\p{L}])))?`,
    String.raw`(?:${H}?(?<multiplier>${answerScaleWords(H)})(?![\p{L}\p{N}_]))?`,
  ].join(''),
  'giu',
);

/** Every number written in the text, left to right. Pure. */
export function findNumberTokens(text: string): NumberToken[] {
  return [...text.matchAll(NUMBER)].map((match) => {
    const groups = match.groups ?? {};
    const negative = [groups['sign'], groups['innerSign']].some((s) => s === '-' || s === '−');
    const magnitude = new Decimal(`${(groups['digits'] ?? '0').replace(/,/g, '')}${groups['fraction'] ?? ''}`);
    const amount = magnitude.times(`1e${scalePower(groups['multiplier'])}`);
    return {
      text: match[0],
      start: match.index,
      end: match.index + match[0].length,
      amount: negative ? amount.negated() : amount,
      percent: groups['percent'] !== undefined,
      currency: groups['currency'] !== undefined,
    };
  });
}
