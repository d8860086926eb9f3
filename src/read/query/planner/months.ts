const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const FULL = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A regex alternation of month names and abbreviations, longest first ("sept" before "sep"). */
export const MONTH_PATTERN =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|sept|jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)\\.?';

/** 1..12 for a month name or abbreviation (any case, optional dot), else undefined. */
export function monthNumber(word: string): number | undefined {
  const key = word.toLowerCase().replace(/\.$/, '');
  const full = FULL.indexOf(key);
  if (full >= 0) return full + 1;
  const short = MONTHS.indexOf(key.slice(0, 3) as (typeof MONTHS)[number]);
  return short >= 0 && (key.length === 3 || key === 'sept') ? short + 1 : undefined;
}

/** Every month word, lower case, for the stop-word list. */
export const MONTH_WORDS: readonly string[] = [...FULL, ...MONTHS, 'sept'];
