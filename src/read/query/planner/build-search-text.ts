import { NARRATIVE_WORDS } from './question-cues.ts';
import { isStopWord } from './stop-words.ts';
import { tokenise } from './tokens.ts';

const SEARCH_TEXT_MAX = 2000;

/** The topic words of a question, as written, with the asking words left out. */
export function topicWords(masked: string): string[] {
  return tokenise(masked)
    .map((t) => t.word)
    .filter((w) => w.length > 1 && !isStopWord(w) && !NARRATIVE_WORDS.has(w.toLowerCase()) && !/^[\d.,%+-]+$/.test(w));
}

/**
 * The search text: the question's topic words, without the company, periods, dates,
 * amounts and stop words ("Why did ACC's profit fall in Q3 FY25?" → "profit fall").
 * Null when nothing is left.
 */
export function buildSearchText(masked: string): string | null {
  const words = topicWords(masked);
  if (words.length === 0) return null;
  let text = words.join(' ');
  if (text.length > SEARCH_TEXT_MAX) text = text.slice(0, SEARCH_TEXT_MAX).replace(/\s+\S*$/, '') || text.slice(0, SEARCH_TEXT_MAX);
  return text;
}
