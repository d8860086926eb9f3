import { fiscalYearFromText } from '#domain/indian-text';
import type { PeriodMention, PeriodRecognizer } from './period-mention.ts';
import { spanOf } from './spans.ts';
import { lookupTable } from '#platform/lookup-table';

// A fiscal year as written after "FY": 24, '24, 2024, 2023-24, 23-24.
// "FY-25" and "FY'25" too.
const FY_NUMBER = String.raw`[-']?(\d{4}|\d{2})(?:\s*[-/]\s*(\d{4}|\d{2}))?`;
const FY_WORD = String.raw`(?:F\.?Y\.?|fiscal(?:\s+year)?|financial\s+year)`;
const ORDINALS: Readonly<Record<string, number>> = lookupTable({
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: 4,
  final: 4,
});

type Read = (m: RegExpMatchArray) => Omit<PeriodMention, 'span'> | undefined;

const quarterOf = (quarter: number, year: string | undefined, end: string | undefined) => {
  const fiscalYear = year === undefined ? undefined : fiscalYearFromText(year, end);
  return fiscalYear === undefined ? undefined : { fiscalYear, quarter, period: 'quarterly' as const };
};

/** Quarter-and-year and year phrases, most specific first. */
const FORMS: ReadonlyArray<readonly [RegExp, Read]> = [
  // Q3 FY24, Q3FY2024, 3QFY24, Q3 of FY 2023-24, Q3 2023-24
  [
    new RegExp(
      String.raw`\b(?:Q([1-4])|([1-4])Q)\s*(?:of\s+)?(?:(?:the\s+)?${FY_WORD}\s*${FY_NUMBER}|(\d{4})\s*-\s*(\d{2}|\d{4}))\b`,
      'gi',
    ),
    (m) => quarterOf(Number(m[1] ?? m[2]), m[3] ?? m[5], m[3] === undefined ? m[6] : m[4]),
  ],
  // FY24 Q3, FY2023-24 Q3
  [new RegExp(String.raw`\b${FY_WORD}\s*${FY_NUMBER}\s*Q([1-4])\b`, 'gi'), (m) => quarterOf(Number(m[3]), m[1], m[2])],
  // second quarter of FY2024, third quarter of the fiscal year 2023-24, first quarter of 2023-24
  [
    new RegExp(
      String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th|last|final)\s+quarter\s+of\s+(?:the\s+)?(?:${FY_WORD}\s*${FY_NUMBER}|(\d{4})\s*-\s*(\d{2}|\d{4}))\b`,
      'gi',
    ),
    (m) => quarterOf(ORDINALS[(m[1] ?? '').toLowerCase()] ?? 0, m[2] ?? m[4], m[2] === undefined ? m[5] : m[3]),
  ],
  // H1 FY24, 1HFY25, the first half of FY25, 9MFY25, nine months of FY25: not a plan period
  [
    new RegExp(
      String.raw`\b(H[12]|[12]H|9M|nine\s+months\s+(?:of\s+)?|(?:first|second)\s+half\s+(?:of\s+)?(?:the\s+)?)\s*${FY_WORD}?\s*${FY_NUMBER}\b`,
      'gi',
    ),
    (m) => {
      const fiscalYear = fiscalYearFromText(m[2] ?? '', m[3]);
      const written = (m[1] ?? '').trim().toUpperCase();
      const half = /H|HALF/.test(written) && !written.startsWith('9');
      const [name, what] = half ? [`H${/2|SECOND/.test(written) ? 2 : 1}`, 'half years'] : ['9M', 'nine months'];
      return fiscalYear === undefined
        ? undefined
        : {
            fiscalYear,
            quarter: null,
            period: 'any',
            note: `${name}: ${what} are not a plan period; all periods of FY${fiscalYear}`,
          };
    },
  ],
  // FY 2023-24, FY23-24, fiscal 2023-24, FY24, FY2024, fiscal year 2024
  [
    new RegExp(String.raw`\b${FY_WORD}\s*${FY_NUMBER}\b`, 'gi'),
    (m) => {
      const fiscalYear = fiscalYearFromText(m[1] ?? '', m[2]);
      return fiscalYear === undefined ? undefined : { fiscalYear, quarter: null, period: 'annual' };
    },
  ],
  // Q3, the third quarter: a quarter with no year
  [
    /\b(?:Q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\b/gi,
    (m) => ({
      fiscalYear: null,
      quarter: m[1] ? Number(m[1]) : (ORDINALS[(m[2] ?? '').toLowerCase()] ?? null),
      period: 'quarterly',
      note: `${m[0]} names no fiscal year`,
    }),
  ],
  // 2023-24 (consecutive years only, so 2024-05 is not one)
  [
    /\b(\d{4})\s*-\s*(\d{2}|\d{4})\b(?!\s*-\s*\d)/g,
    (m) => {
      const fiscalYear = fiscalYearFromText(m[1] ?? '', m[2]);
      return fiscalYear === undefined ? undefined : { fiscalYear, quarter: null, period: 'annual' };
    },
  ],
];

/** A calendar year alone is not read as a fiscal year: FY2023 and FY2024 both overlap 2023. */
const BARE_YEAR: readonly [RegExp, Read] = [
  /\b(?:in|for|during|of)\s+((?:19|20)\d\d)\b/gi,
  (m) => ({
    fiscalYear: null,
    quarter: null,
    period: null,
    note: `"${m[1]}" is a calendar year, not read as a fiscal year (FY${m[1]} and FY${Number(m[1]) + 1} both overlap it)`,
  }),
];

/** Each explicit fiscal-year or quarter phrase, each read once. */
export const readExplicitPeriods: PeriodRecognizer = (text) => readForms(text, [...FORMS, BARE_YEAR]);

/** Runs forms in order; a later form never reads what an earlier one took. */
export function readForms(text: string, forms: ReadonlyArray<readonly [RegExp, Read]>): PeriodMention[] {
  const mentions: PeriodMention[] = [];
  const taken = (start: number, end: number) => mentions.some((m) => start < m.span.end && m.span.start < end);
  for (const [pattern, read] of forms) {
    for (const match of text.matchAll(pattern)) {
      const span = spanOf(match);
      const found = read(match);
      if (found && !taken(span.start, span.end)) mentions.push({ ...found, span });
    }
  }
  return mentions;
}
