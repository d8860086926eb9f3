import type { Period } from '#schemas/common';
import type { Problem } from '#ingest/shared/parser';
import { isIsoDate, addDays, addMonths, type FiscalYear, resolveFiscalYear } from '#platform/time';
import type { FilingHeader } from './filing-header.ts';
import { periodOf } from './period-of.ts';
import type { XbrlInstance } from '#ingest/shared/xbrl';
import type { Taxonomy } from './taxonomies.ts';

/** A column of the statements: its period and the contexts its facts may be filed on, in order of preference. */
export interface Column {
  readonly period: Period;
  readonly contexts: readonly string[];
  /** The duration context whose period ends at this instant (for balances filed on it, like paid-up capital). */
  readonly durationContext: string | null;
}

export interface ReportColumns {
  readonly fiscalYear: FiscalYear;
  /** The end of the quarter the filing reports. */
  readonly periodEnd: string;
  /** The quarter (`OneD`) and the year to date (`FourD`). */
  readonly income: readonly Column[];
  /** The balance sheet at the quarter's end (`OneI`, banks' `FourI`) and at the prior year's end (`PY_I`). */
  readonly balance: readonly Column[];
  /** The statement of cash flows: always the year to date, wherever it was filed. */
  readonly cashFlow: Column | null;
}

export type ColumnsRead = { ok: true; columns: ReportColumns; problems: Problem[] } | { ok: false; reason: string };

const date = (...candidates: Array<string | null | undefined>) => candidates.find(isIsoDate) ?? null;

/**
 * The periods of a filing's columns. `OneD` is the quarter and `FourD` the year to date,
 * but `FourD`'s own context repeats the quarter's dates in the exchange taxonomies: the real
 * periods are the `DateOfStart/EndOfReportingPeriod` facts filed on each context. Older
 * filings omit those facts or even the contexts; then the quarter is the three months to
 * the reporting date and the year to date runs from the start of the fiscal year.
 */
export function resolveColumns(instance: XbrlInstance, taxonomy: Taxonomy, header: FilingHeader, listingEnd: string | null): ColumnsRead {
  const problems: Problem[] = [];
  const used = new Set(instance.facts.map((fact) => fact.contextRef));
  const quarterStated = header.reportingPeriods.get('OneD');
  const quarterContext = instance.contexts.get('OneD');
  const end = date(quarterStated?.end, quarterContext?.endDate, listingEnd);
  if (!end) return { ok: false, reason: 'no reporting date: expected DateOfEndOfReportingPeriod on context OneD' };
  const start = date(quarterStated?.start, quarterContext?.startDate) ?? addMonths(addDays(end, 1), -3);

  const ytdStated = header.reportingPeriods.get('FourD');
  const fiscal = resolveFiscalYear({ start: header.fiscalYearStart, end: header.fiscalYearEnd }, end, date(ytdStated?.start));
  if (!fiscal.ok) return { ok: false, reason: fiscal.reason };
  const year = fiscal.value;
  if (fiscal.note) problems.push({ where: 'DateOfStartOfFinancialYear/DateOfEndOfFinancialYear', message: fiscal.note });

  const column = (from: string | null, to: string, contexts: string[], where: string): Column | null => {
    const period = periodOf(from, to, year);
    if (period.ok) return { period: period.value, contexts, durationContext: from === null && to === end ? 'OneD' : null };
    problems.push({ where, message: `${period.reason}; its facts are not used` });
    return null;
  };

  const quarter = column(start, end, ['OneD'], 'context OneD');
  let ytd: Column | null = null;
  if (used.has('FourD')) {
    const ytdEnd = date(ytdStated?.end) ?? end;
    const ytdStart = date(ytdStated?.start, taxonomy.trustsYtdContext ? instance.contexts.get('FourD')?.startDate : null) ?? year.start;
    if (ytdEnd !== end) {
      problems.push({
        where: 'context FourD',
        message: `the year to date ends ${ytdEnd}, not on the reporting date ${end}; its facts are not used`,
      });
    } else if (ytdStart !== start) {
      ytd = column(ytdStart, ytdEnd, ['FourD'], 'context FourD');
    }
  }

  const balance: Column[] = [];
  const instantOf = (id: string) => date(instance.contexts.get(id)?.instant) ?? end;
  const atEnd = ['OneI', 'FourI'].filter((id) => instantOf(id) === end);
  const atEndColumn = column(null, end, atEnd, 'context OneI');
  if (atEndColumn) balance.push(atEndColumn);
  for (const id of ['OneI', 'FourI', 'PY_I'].filter((c) => used.has(c) && !atEnd.includes(c))) {
    const instant = date(instance.contexts.get(id)?.instant);
    if (!instant)
      problems.push({
        where: `context ${id}`,
        message: 'no instant date: expected <xbrli:instant> in the context; its facts are not used',
      });
    const instantColumn = instant && column(null, instant, [id], `context ${id}`);
    if (instantColumn) balance.push(instantColumn);
  }

  // Without a usable FourD the year to date is still known: from the fiscal year's start (a
  // first quarter's is the quarter itself); a FourD already found unusable is not tried again.
  const ytdRejected = used.has('FourD') && !ytd && year.start !== start;
  const cashFlowPeriod =
    ytd?.period ??
    (year.start === start ? quarter?.period : ytdRejected ? null : column(year.start, end, [], 'cash flow year to date')?.period);
  const cashFlow = cashFlowPeriod ? { period: cashFlowPeriod, contexts: ['FourD', 'OneD'], durationContext: null } : null;
  return {
    ok: true,
    columns: { fiscalYear: year, periodEnd: end, income: [quarter, ytd].filter((c): c is Column => c !== null), balance, cashFlow },
    problems,
  };
}
