import type { ToolPage } from '#schemas/mcp';

export const ABSENCE_NOTE = 'An empty result is not proof of absence: call list_datasets for what the service covers.';

/** Why a page holds fewer items than asked for, when the size budget cut it. */
export const cutNote = (returned: number, limit: number): string =>
  `only ${returned} of the ${limit} asked for fit in one result (under 25 KB)`;

/** Paging in words: what the page holds and how to get the next one (`offset`, or the parameter named). */
export function pageLine(page: ToolPage, offsetName = 'offset'): string {
  const of = page.total === null ? '' : ` of ${page.total}`;
  const cut = page.truncated ? ` (${cutNote(page.returned, page.limit)})` : '';
  const next = page.next_offset === null ? '' : `; next page: ${offsetName} ${page.next_offset}`;
  return `${page.returned}${of} from offset ${page.offset}${cut}${next}.`;
}

/** A heading, then one line per item, or the absence note when there are none. */
export function renderList<T>(heading: string, items: readonly T[], line: (item: T) => string, footer?: string): string {
  const body = items.length === 0 ? [ABSENCE_NOTE] : items.map((item) => `- ${line(item)}`);
  return [heading, ...body, ...(footer ? [footer] : [])].join('\n');
}
