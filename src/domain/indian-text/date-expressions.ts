import { utcMs, zoneOffsetMinutes } from '#platform/time';
import { writtenFiscalYear } from './fiscal-year-text.ts';
import { MONTH_NAMES, monthOfPrefix } from './month-names.ts';

/** What a date written in prose asserts; the check holds it against the packet's dates. */
export type DateClaim =
  | { readonly kind: 'day'; readonly day: string }
  | { readonly kind: 'month'; readonly month: string }
  | { readonly kind: 'instant'; readonly ms: number; readonly precisionMs: number }
  | { readonly kind: 'fiscal_year'; readonly year: number }
  | { readonly kind: 'quarter'; readonly quarter: number; readonly year: number }
  | { readonly kind: 'invalid' };

export interface DateExpression {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly claim: DateClaim;
}

type Groups = Readonly<Record<string, string | undefined>>;

/** Horizontal white space: a date never runs across a line break. */
const H = String.raw`[^\S\r\n]`;
const MONTH = String.raw`(?<month>January|February|March|April|May|June|July|August|September|October|November|December|Sept|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?![\p{L}])\.?`;
const FISCAL = String.raw`(?:FY${H}?|fiscal${H}+year${H}+|fiscal${H}+)'?(?<fy>\d+)(?:${H}?[-–/]${H}?(?<fy2>\d+))?(?![\p{N}])`;
const BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const ORDINAL = '(?:st|nd|rd|th)?';

const pad2 = (n: number): string => String(n).padStart(2, '0');
/** The month the MONTH pattern read; 0 cannot occur, as the pattern reads month names only. */
const monthNumber = (name: string): number => monthOfPrefix(name) ?? 0;

function dayClaim(year: string, month: number, day: string): DateClaim {
  const valid = utcMs(Number(year), month, Number(day)) !== undefined;
  return valid ? { kind: 'day', day: `${year}-${pad2(month)}-${pad2(Number(day))}` } : { kind: 'invalid' };
}

function instantClaim(g: Groups): DateClaim {
  if (g['h'] === undefined) return dayClaim(g['y'] ?? '', Number(g['mo']), g['d'] ?? '');
  const ms = Number((g['ms'] ?? '').slice(0, 3).padEnd(3, '0'));
  const local = utcMs(Number(g['y']), Number(g['mo']), Number(g['d']), Number(g['h']), Number(g['mi']), Number(g['s'] ?? '0'), ms);
  const offset = zoneOffsetMinutes(g['zone']);
  if (local === undefined || offset === undefined) return { kind: 'invalid' };
  const precisionMs = g['ms'] !== undefined ? 1 : g['s'] !== undefined ? 1000 : 60_000;
  return { kind: 'instant', ms: local - offset * 60_000, precisionMs };
}

/** FY25 is 2025; FY2024-25 and FY2024/2025 are 2025; any other second year is invalid. */
const fiscalYearOf = (g: Groups): number | undefined => writtenFiscalYear(g['fy'] ?? '', g['fy2']);

const PATTERNS: ReadonlyArray<readonly [RegExp, (g: Groups) => DateClaim]> = [
  [
    new RegExp(
      String.raw`${BEFORE}(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})(?:[T ](?<h>\d{2}):(?<mi>\d{2})(?::(?<s>\d{2})(?:\.(?<ms>\d+))?)?(?:${H}?(?<zone>Z|UTC|GMT|IST|[+-]\d{2}:?\d{2})(?![\p{L}\p{N}]))?)?(?![\p{N}])`,
      'giu',
    ),
    instantClaim,
  ],
  [
    new RegExp(String.raw`${BEFORE}(?<d>\d{1,2})${ORDINAL}${H}+${MONTH},?${H}+(?<y>\d{4})(?![\p{N}])`, 'giu'),
    (g) => dayClaim(g['y'] ?? '', monthNumber(g['month'] ?? ''), g['d'] ?? ''),
  ],
  [
    new RegExp(String.raw`${BEFORE}${MONTH}${H}+(?<d>\d{1,2})${ORDINAL},?${H}+(?<y>\d{4})(?![\p{N}])`, 'giu'),
    (g) => dayClaim(g['y'] ?? '', monthNumber(g['month'] ?? ''), g['d'] ?? ''),
  ],
  [
    new RegExp(String.raw`${BEFORE}Q(?<q>[1-4])${H}?(?:of${H}+)?${FISCAL}`, 'giu'),
    (g) => {
      const year = fiscalYearOf(g);
      return year === undefined ? { kind: 'invalid' } : { kind: 'quarter', quarter: Number(g['q']), year };
    },
  ],
  [
    new RegExp(String.raw`${BEFORE}${FISCAL}`, 'giu'),
    (g) => {
      const year = fiscalYearOf(g);
      return year === undefined ? { kind: 'invalid' } : { kind: 'fiscal_year', year };
    },
  ],
  [
    new RegExp(String.raw`${BEFORE}${MONTH},?${H}+(?<y>\d{4})(?![\p{N}])`, 'giu'),
    (g) => ({ kind: 'month', month: `${g['y'] ?? ''}-${pad2(monthNumber(g['month'] ?? ''))}` }),
  ],
];

/**
 * The dates written in the text, in the forms the check recognises, most specific first:
 * ISO dates and timestamps ("2025-01-31", "2025-01-31 13:15 UTC", with Z, UTC, GMT, IST or an
 * offset; no zone means UTC), "31 December 2024", "December 31, 2024", "Q3 FY2025" (also
 * "Q3 FY25", "Q3 FY2024-25", "Q3 fiscal year 2025"), "FY2025" (same variants) and
 * "December 2024". Later forms never match inside an earlier one. Pure.
 */
export function findDateExpressions(text: string): DateExpression[] {
  const found: DateExpression[] = [];
  for (const [regex, claimOf] of PATTERNS) {
    for (const match of text.matchAll(regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ text: match[0], start, end, claim: claimOf(match.groups ?? {}) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** "2024-12-31" → "31 December 2024": a day as the answer writes it, in a form findDateExpressions reads. */
export function formatDay(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}
