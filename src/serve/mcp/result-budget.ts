import type { ToolPage } from '#schemas/mcp';

/**
 * Size bounds of one tool result, in bytes of its JSON (UTF-8). A model reads every byte of a
 * result and pays for it in context, and clients cap what they pass on, so one call stays
 * under 25 KB: a page of items fits in PAGE_BUDGET, the text rendering in TEXT_BUDGET
 * characters, and no result, whatever its shape, exceeds MAX_RESULT (a larger one is a tool
 * error asking for less). A page the budget cuts says so (`truncated`) and where the next
 * one starts, so paging reaches every row (docs/mcp.md).
 */
export const MAX_RESULT = 25_000;
export const TEXT_BUDGET = 3_000;
export const PAGE_BUDGET = 18_000;

export const jsonLength = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

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

/** Where a ranked list goes on: the next offset when the budget cut the page or more items follow it, else null. */
export interface RankedPaging {
  readonly truncated: boolean;
  readonly next_offset: number | null;
}

/**
 * The page at `offset` of a ranked list read from its start (offset + limit + 1 items, so one
 * more says whether another page follows), fitted to the budget, with where the next page
 * starts: for lists whose query has no offset of its own, such as search hits.
 */
export function fitRankedPage<T, R>(
  ranked: readonly T[],
  { offset, limit }: { offset: number; limit: number },
  build: (page: readonly T[], paging: RankedPaging) => R,
): R {
  const more = ranked.length > offset + limit;
  return fitPage(ranked.slice(offset, offset + limit), (page, truncated) =>
    build(page, { truncated, next_offset: (truncated || more) && page.length > 0 ? offset + page.length : null }),
  );
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
