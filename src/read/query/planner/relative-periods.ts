import { parseIsoDay, type FiscalQuarter, fiscalQuarterOfMonth, previousQuarter } from '#platform/time';
import type { PeriodMention, PeriodRecognizer } from './period-mention.ts';
import { spanOf } from './spans.ts';

/** The fiscal quarter `today` (YYYY-MM-DD) falls in. */
function currentQuarter(today: string | undefined): FiscalQuarter | undefined {
  const day = today === undefined ? undefined : parseIsoDay(today);
  return day && fiscalQuarterOfMonth(day.year, day.month);
}

const COUNT = String.raw`(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twelve)`;

type Read = (today: FiscalQuarter | undefined, word: string) => Omit<PeriodMention, 'span'>;

const latest = (period: PeriodMention['period'], note: string): Omit<PeriodMention, 'span'> => ({
  fiscalYear: null,
  quarter: null,
  period,
  latest: true,
  note,
});

const FORMS: ReadonlyArray<readonly [RegExp, Read]> = [
  // last 8 quarters, past five years: a range, so every year
  [
    new RegExp(String.raw`\b(?:last|past|previous|recent)\s+${COUNT}\s+(quarters|years|fiscal\s+years|financial\s+years)\b`, 'gi'),
    (_, words) => ({
      fiscalYear: null,
      quarter: null,
      period: /quarters/i.test(words) ? 'quarterly' : 'annual',
      note: `"${words}": a range of periods, so no single fiscal year`,
    }),
  ],
  // last quarter: the last completed fiscal quarter before today
  [
    /\b(?:last|previous|preceding|prior)\s+(?:fiscal\s+|financial\s+)?quarter\b/gi,
    (today) => {
      const q = today && previousQuarter(today);
      return q
        ? {
            fiscalYear: q.fiscalYear,
            quarter: q.quarter,
            period: 'quarterly',
            note: `last quarter: the last completed fiscal quarter before today, Q${q.quarter} FY${q.fiscalYear}`,
          }
        : latest('quarterly', 'last quarter without today: the newest quarter');
    },
  ],
  // this quarter, current quarter: the quarter today falls in (not complete yet)
  [
    /\b(?:this|current|ongoing)\s+(?:fiscal\s+|financial\s+)?quarter\b/gi,
    (today) =>
      today
        ? {
            fiscalYear: today.fiscalYear,
            quarter: today.quarter,
            period: 'quarterly',
            note: `this quarter: Q${today.quarter} FY${today.fiscalYear}, not complete yet`,
          }
        : latest('quarterly', 'this quarter without today: the newest quarter'),
  ],
  // last year, last fiscal, previous financial year, last FY: the last completed fiscal year
  [
    /\b(?:last|previous|preceding|prior)\s+(?:fiscal\s+year|financial\s+year|fiscal|year|FY)\b/gi,
    (today) =>
      today
        ? {
            fiscalYear: today.fiscalYear - 1,
            quarter: null,
            period: 'annual',
            note: `last year: the last completed fiscal year before today, FY${today.fiscalYear - 1}`,
          }
        : latest('annual', 'last year without today: the newest fiscal year'),
  ],
  // this year, current fiscal, this FY: the fiscal year today falls in
  [
    /\b(?:this|current|ongoing)\s+(?:fiscal\s+year|financial\s+year|fiscal|year|FY)\b/gi,
    (today) =>
      today
        ? { fiscalYear: today.fiscalYear, quarter: null, period: 'annual', note: `this year: FY${today.fiscalYear}, not complete yet` }
        : latest('annual', 'this year without today: the newest fiscal year'),
  ],
  // latest quarter(ly) / latest annual / latest
  [
    /\b(?:latest|most\s+recent|newest|recent|last\s+reported)\s+(?:quarterly|quarter)\b/gi,
    () => latest('quarterly', 'latest quarter: the newest quarter, no fiscal year'),
  ],
  [
    /\b(?:latest|most\s+recent|newest|recent|last\s+reported)\s+(?:annual|yearly|full[\s-]year|fiscal\s+year|financial\s+year|year)\b/gi,
    () => latest('annual', 'latest year: the newest fiscal year, no fiscal year fixed'),
  ],
  // "current" before a concept named "current ..." is part of that name, not a time.
  [
    /\b(?:latest|most\s+recent|newest|currently|current(?!\s+(?:tax|assets|liabilities|ratio|investments|borrowings|account))|now|today'?s?|as\s+of\s+now|right\s+now)\b/gi,
    () => latest(null, 'latest: the newest period, no fiscal year'),
  ],
];

/** Periods relative to today ("last quarter", "this year") and "latest". */
export const readRelativePeriods: PeriodRecognizer = (text, today) => {
  const quarter = currentQuarter(today);
  const mentions: PeriodMention[] = [];
  for (const [pattern, read] of FORMS) {
    for (const match of text.matchAll(pattern)) {
      const span = spanOf(match);
      if (!mentions.some((m) => span.start < m.span.end && m.span.start < span.end))
        mentions.push({ ...read(quarter, match[1] ?? match[0]), relative: true, span });
    }
  }
  return mentions;
};
