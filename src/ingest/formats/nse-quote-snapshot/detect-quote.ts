import { hasColumns, headerCells } from '#ingest/shared/parse-support';
import { JSON_TIME_KEY, POLL_TIME_COLUMN, QUOTE_KEYS } from './quote-keys.ts';

const SIGNATURE = [...Object.values(QUOTE_KEYS), 'secDate'];

/** Whether the head is a getQuote JSON response (it opens with `{`) rather than CSV polls. */
export const isJsonHead = (head: string) => head.trimStart().startsWith('{');

/**
 * A getQuote snapshot: JSON whose `data` entries have the getQuote fields, or CSV polls
 * whose header has them and the poll time.
 */
export function detectQuote(head: string): boolean {
  if (isJsonHead(head)) {
    return /"data"\s*:\s*\[/.test(head) && head.includes(`"${JSON_TIME_KEY}"`) && SIGNATURE.every((key) => head.includes(`"${key}"`));
  }
  return hasColumns(headerCells(head), [...SIGNATURE, POLL_TIME_COLUMN]);
}
