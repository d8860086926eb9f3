import type { QueryToolOutput } from '#schemas/mcp';
import { jsonLength, PAGE_BUDGET } from './result-budget.ts';

/** The lists of a query result that can be shortened, and what each holds, for the notes. */
const LISTS = [
  ['facts', 'facts'],
  ['metrics', 'metrics'],
  ['passages', 'passages'],
  ['screen_rows', 'screened companies'],
] as const;
type ListName = (typeof LISTS)[number][0];
type Kept = Record<ListName, number>;

function listsOf(result: QueryToolOutput): Record<ListName, readonly unknown[]> {
  return {
    facts: result.facts,
    metrics: result.evidence.metrics,
    passages: result.evidence.passages,
    screen_rows: result.evidence.screen?.rows ?? [],
  };
}

function shortened(result: QueryToolOutput, kept: Kept): QueryToolOutput {
  const { evidence } = result;
  return {
    ...result,
    facts: result.facts.slice(0, kept.facts),
    evidence: {
      ...evidence,
      metrics: evidence.metrics.slice(0, kept.metrics),
      passages: evidence.passages.slice(0, kept.passages),
      screen: evidence.screen && { ...evidence.screen, rows: evidence.screen.rows.slice(0, kept.screen_rows) },
    },
  };
}

/** The list whose kept items take the most characters, among those that can lose one. */
function largest(lists: Record<ListName, readonly unknown[]>, kept: Kept): ListName | undefined {
  let best: { name: ListName; size: number } | undefined;
  for (const [name] of LISTS) {
    if (kept[name] <= 1) continue;
    const size = jsonLength(lists[name].slice(0, kept[name]));
    if (!best || size > best.size) best = { name, size };
  }
  return best?.name;
}

/**
 * A query result within `budget` characters: while it is larger, the list taking the most
 * room (facts, metrics, passages or screened companies) loses its last quarter, keeping at
 * least one item. The notes say what was left out; the answer, plan and gaps stay whole (the
 * answer was written from the whole packet, and its citations carry each number's source).
 */
export function fitQueryResult(result: QueryToolOutput, budget = PAGE_BUDGET): QueryToolOutput {
  const lists = listsOf(result);
  const kept: Kept = {
    facts: lists.facts.length,
    metrics: lists.metrics.length,
    passages: lists.passages.length,
    screen_rows: lists.screen_rows.length,
  };
  let fitted = result;
  for (let name = largest(lists, kept); jsonLength(fitted) > budget && name; name = largest(lists, kept)) {
    kept[name] = Math.max(1, Math.floor((kept[name] * 3) / 4));
    fitted = shortened(result, kept);
  }
  const cut = LISTS.filter(([name]) => kept[name] < lists[name].length).map(
    ([name, label]) =>
      `${kept[name]} of ${lists[name].length} ${label} are shown to keep the result small; the answer was written from all of them`,
  );
  return cut.length === 0 ? result : { ...fitted, notes: [...result.notes, ...cut], truncated: true };
}
