import type { Problem } from '#ingest/shared/parser';
import { type Repeat, repeatProblem } from '#ingest/shared/price-support';
import { istDateOf } from '#platform/time';
import type { Bar } from './read-bar.ts';

/**
 * Problems for dropped bars. The 5-minute files repeat whole sessions verbatim where their
 * author's download chunks overlapped (75 rows at a time), so exact repeats are reported once
 * per session, at the first repeated line; a conflicting repeat is reported on its own.
 */
export function sessionRepeatProblems(repeats: readonly Repeat<Bar>[]): Problem[] {
  const sessions = new Map<string, Repeat<Bar>[]>();
  const problems: Problem[] = [];
  for (const repeat of repeats) {
    if (!repeat.exact) {
      problems.push(repeatProblem(repeat));
      continue;
    }
    const date = istDateOf(repeat.row.candle.start);
    sessions.set(date, [...(sessions.get(date) ?? []), repeat]);
  }
  for (const [date, group] of sessions) {
    const lines = group.map((r) => r.first.line);
    const [firstLine, lastLine] = [Math.min(...lines), Math.max(...lines)];
    const rows = group.length === 1 ? '1 row' : `${group.length} rows`;
    const where = group[0]?.row.where ?? date;
    problems.push({ where, message: `${rows} from here repeat bars of ${date} (lines ${firstLine}-${lastLine}) exactly; dropped` });
  }
  return problems;
}
