/**
 * English month names as Indian filings, questions and answers write them: "March",
 * "Mar", "MAR", "Sept".
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Jan".."Dec", as the exchange files abbreviate. */
export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3));

const FULL = MONTH_NAMES.map((name) => name.toLowerCase());
const SHORT = MONTH_ABBREVIATIONS.map((name) => name.toLowerCase());

/** A regex alternation of month names and abbreviations, longest first ("sept" before "sep"), with an optional dot. */
export const MONTH_PATTERN =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|sept|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)\\.?';

/** 1..12 for a month name or abbreviation (any case, optional dot), else undefined: "Sept" is 9, "Marc" is nothing. */
export function monthNumber(word: string): number | undefined {
  const key = word.toLowerCase().replace(/\.$/, '');
  const full = FULL.indexOf(key);
  if (full >= 0) return full + 1;
  const short = SHORT.indexOf(key.slice(0, 3));
  return short >= 0 && (key.length === 3 || key === 'sept') ? short + 1 : undefined;
}

/**
 * 1..12 by the first three letters only (any case), else undefined: for text a pattern has
 * already read as a month ("March", "MAR", "Marc" in an exchange file's `31-Marc-2024`).
 */
export function monthOfPrefix(word: string): number | undefined {
  const index = SHORT.indexOf(word.slice(0, 3).toLowerCase());
  return index >= 0 ? index + 1 : undefined;
}

/** Every month word, lower case, for the stop-word list. */
export const MONTH_WORDS: readonly string[] = [...FULL, ...SHORT, 'sept'];
