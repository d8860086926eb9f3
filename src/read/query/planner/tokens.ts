import { MASK } from './spans.ts';

/** A word of the question with its offsets. */
export interface Token {
  /** The word as written, possessive and trailing dots removed ("ACC's" is "ACC"). */
  readonly word: string;
  readonly start: number;
  /** End of `word` in the question. */
  readonly end: number;
  /** The word ended in 's or s' ("ACC's", "Industries'"). */
  readonly possessive: boolean;
  /** Only spaces lie between this word and the previous one (no punctuation, nothing masked). */
  readonly joined: boolean;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}&'.\-_]*|&/gu;
// Dots that belong to a word: "Ltd.", "Dr.", "Co."; any other trailing dot ends a sentence.
const ABBREVIATION = /^(?:ltd|pvt|co|corp|inc|dr|bros|st|mr|jr|intl)\.$/i;

function trimWord(raw: string): { word: string; possessive: boolean } {
  let word = raw;
  while (/[.'\-_]$/.test(word) && !ABBREVIATION.test(word)) {
    if (/s'$/i.test(word)) return { word: word.slice(0, -1), possessive: true };
    word = word.slice(0, -1);
  }
  if (/'s$/i.test(word) && word.length > 2) return { word: word.slice(0, -2), possessive: true };
  return { word, possessive: false };
}

/** The words of a (masked) question, in order; masked text yields none. */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = -1;
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    const { word, possessive } = trimWord(match[0]);
    if (word === '') continue;
    const gap = previousEnd < 0 ? '' : text.slice(previousEnd, start);
    const joined = previousEnd >= 0 && /^[ \t]+$/.test(gap) && !gap.includes(MASK);
    tokens.push({ word, start, end: start + word.length, possessive, joined });
    previousEnd = start + match[0].length;
  }
  return tokens;
}
