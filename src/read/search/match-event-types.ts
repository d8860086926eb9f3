import type { EventTypeCount, EventSearchHit } from '#schemas/read-models';
import { inexactScore } from './hit-score.ts';

// Joining words of event type names ("order_or_contract", "agm_egm") and of queries.
const FILLER = new Set(['a', 'an', 'and', 'or', 'of', 'the', 'in', 'on', 'for', 'to']);

/** Lower-case words without filler, a plural "s" dropped, so "Board meetings" ~ board_meeting. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((word) => !FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

function scoreOf(query: readonly string[], type: readonly string[]): { score: number; exact: boolean } | undefined {
  if (query.length === 0 || type.length === 0) return undefined;
  if (query.join(' ') === type.join(' ')) return { score: 1, exact: true };
  // The query names the type among other words: "dividend announcements".
  if (type.every((word) => query.includes(word))) return { score: 0.5 + 0.45 * (type.length / query.length), exact: false };
  // The query is part of the type's name: "results" for financial_results, "board" for board_meeting.
  const partOf = (word: string) => type.some((typeWord) => word.length >= 3 && typeWord.startsWith(word));
  if (query.every(partOf)) return { score: 0.5 + 0.4 * (query.join('').length / type.join('').length), exact: false };
  return undefined;
}

/**
 * Event types whose name the query names or is part of, most relevant first, then most
 * frequent. The type name typed as is ("board_meeting", "Board meeting") is exact. Pure.
 */
export function matchEventTypes(query: string, types: readonly EventTypeCount[]): EventSearchHit[] {
  const queryWords = words(query);
  const hits = types.flatMap((type): EventSearchHit[] => {
    const scored = scoreOf(queryWords, words(type.event_type));
    if (!scored) return [];
    return [
      {
        kind: 'event',
        score: scored.exact ? 1 : inexactScore(scored.score),
        match: scored.exact ? 'exact' : 'substring',
        title: type.event_type,
        event_type: type.event_type,
        count: type.count,
      },
    ];
  });
  return hits.sort((a, b) => b.score - a.score || b.count - a.count || a.event_type.localeCompare(b.event_type));
}
