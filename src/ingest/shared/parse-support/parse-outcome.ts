import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventRun, ParseOutcome, Problem, RunOutcome } from '#ingest/shared/parser';

const lineOf = (problem: Problem) => Number(/^(?:line|record) (\d+)/.exec(problem.where)?.[1] ?? Number.MAX_SAFE_INTEGER);

/** Problems in file order, so a reader can walk the file alongside them. */
function sortByLine(problems: readonly Problem[]): readonly Problem[] {
  return [...problems].sort((a, b) => lineOf(a) - lineOf(b));
}

/**
 * The outcome of a file read row by row: its events, or a rejection when no row could be
 * used (an empty list, or every row bad), since such a file says nothing and its problems
 * are the reason.
 */
export function rowsOutcome(events: readonly NewEvent<DomainEvent>[], rows: number, problems: readonly Problem[]): ParseOutcome {
  const sorted = sortByLine(problems);
  if (rows === 0) return { ok: false, reason: 'the file has a header but no rows', problems: sorted };
  if (events.length === 0) return { ok: false, reason: `none of the ${rows} rows could be used`, problems: sorted };
  return { ok: true, events, rows, problems: sorted };
}

/** rowsOutcome of a parse whose events are made as they are taken (Parser.parseRun). */
export function runOutcome(run: EventRun, rows: number, problems: readonly Problem[]): RunOutcome {
  const sorted = sortByLine(problems);
  if (rows === 0) return { ok: false, reason: 'the file has a header but no rows', problems: sorted };
  if (run.count === 0) return { ok: false, reason: `none of the ${rows} rows could be used`, problems: sorted };
  return { ok: true, run, rows, problems: sorted };
}
