import type { DomainEvent, HolderLine } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter, ParseInput, Problem } from '#ingest/shared/parser';
import { emitShareholding, reportedCompany, shareholdingKnownAt } from '#ingest/shared/shareholding-support';
import type { SummaryRow } from './read-summary-line.ts';

/**
 * The source's government column as a holder line. The SPEC has no government field, and
 * folding it into public would change what public means, so it is kept as one line for the
 * whole category. The source writes `0` for nil (every row of the real files does), which
 * gives no line; nothing else is dropped.
 */
function governmentLine(government: string | null): HolderLine[] {
  if (government === null || /^0+(\.0+)?$/.test(government)) return [];
  return [{ category: 'Government', name: 'Government (category total)', shares: null, percentage: government }];
}

/**
 * One ShareholdingReported per row, keyed by symbol and period end. A row repeating another
 * row's period is read once and reported: the file is one company's history, one row a month.
 */
export function summaryEvents(
  rows: readonly SummaryRow[],
  symbol: string,
  input: ParseInput,
  emitter: EventEmitter,
  parserVersion: number,
): { readonly events: readonly NewEvent<DomainEvent>[]; readonly problems: readonly Problem[] } {
  const { company } = reportedCompany({ nseSymbol: symbol });
  const companyId = input.companies.resolve({ nseSymbol: symbol });
  const seen = new Map<string, number>();
  const events: NewEvent<DomainEvent>[] = [];
  const problems: Problem[] = [];
  for (const row of rows) {
    const where = `line ${row.line}`;
    const first = seen.get(row.periodEnd);
    if (first !== undefined) {
      problems.push({ where, message: `repeats the period of line ${first} (${row.periodEnd}): read once` });
      continue;
    }
    seen.set(row.periodEnd, row.line);
    const emitted = emitShareholding(
      emitter,
      {
        naturalKey: `${symbol}:${row.periodEnd}`,
        companyId,
        company,
        periodEnd: row.periodEnd,
        figures: {
          promoterPct: row.promoters,
          fiiPct: row.fiis,
          diiPct: row.diis,
          mutualFundPct: null,
          publicPct: row.public,
          pledgedPct: null,
          holders: governmentLine(row.government),
        },
        knownAt: shareholdingKnownAt(row.periodEnd, input),
      },
      parserVersion,
    );
    if (emitted.ok) events.push(emitted.event);
    else problems.push({ where, message: emitted.message });
  }
  return { events, problems };
}
