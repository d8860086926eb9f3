import type { ToolPage } from '../../../schemas/mcp/common.ts';

/**
 * Size bounds of one tool result, in characters of JSON. A model reads every character of
 * a result, and clients cap what they pass on (often near 100,000), so a call stays well
 * under that: a page of items fits in PAGE_BUDGET, the text rendering in TEXT_BUDGET, and
 * no result, whatever its shape, exceeds MAX_RESULT.
 */
export const PAGE_BUDGET = 60_000;
export const TEXT_BUDGET = 6_000;
export const MAX_RESULT = 90_000;

export const jsonLength = (value: unknown): number => JSON.stringify(value).length;

/**
 * The output built from the longest prefix of `items` that keeps it within `budget`:
 * all of them when they fit, else as many as fit, with `truncated` true so the output can
 * say where to page on. At least one item is kept, so paging always moves on (MAX_RESULT
 * still bounds a single oversized item). Binary search: about log n serialisations.
 */
export function fitPage<T, R>(items: readonly T[], build: (page: readonly T[], truncated: boolean) => R, budget = PAGE_BUDGET): R {
  const whole = build(items, false);
  // Nothing to cut from one item or none: MAX_RESULT bounds an oversized single item.
  if (items.length <= 1 || jsonLength(whole) <= budget) return whole;
  let fits = 1;
  let tooMany = items.length;
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (jsonLength(build(items.slice(0, middle), true)) <= budget) fits = middle;
    else tooMany = middle;
  }
  return build(items.slice(0, fits), true);
}

/** The paging of a result: where the next page starts, when there is one. */
export function pageOf(params: { offset: number; limit: number; returned: number; total: number | null; truncated: boolean }): ToolPage {
  const { offset, limit, returned, total, truncated } = params;
  const end = offset + returned;
  const more = truncated || (total === null ? returned === limit : end < total);
  return { offset, limit, returned, total, next_offset: more && returned > 0 ? end : null, truncated };
}

/** Text cut to TEXT_BUDGET at a line end, saying that the rest is in structuredContent. */
export function clipText(text: string): string {
  if (text.length <= TEXT_BUDGET) return text;
  const cut = text.lastIndexOf('\n', TEXT_BUDGET - 80);
  return `${text.slice(0, cut > 0 ? cut : TEXT_BUDGET - 80)}\n… (more in structuredContent)`;
}
