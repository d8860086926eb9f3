import { isStopWord } from './stop-words.ts';
import type { Token } from './tokens.ts';
import { isTopicWord } from './topic-words.ts';

/** Words that may name a company, next to each other: "Tata Motors", "hdfc bank". */
export interface NameRun {
  readonly tokens: readonly Token[];
  readonly start: number;
  readonly end: number;
  /** The last word is possessive ("ACC's"). */
  readonly possessive: boolean;
}

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word) || /^\d+\p{Lu}/u.test(word);

/** A word that can be part of a name: not a stop or topic word, not a lone letter or a plain number. */
export function isNameWord(word: string): boolean {
  if (word.length < 2 || isStopWord(word) || isTopicWord(word)) return false;
  return !/^[+-]?[\d.,%]+$/.test(word);
}

// Stop or topic words that may continue a name but never start one: "ICICI Securities",
// "Max Financial Services", "HDFC Asset Management Company", but not "financial results".
const INNER = new Set(['financial', 'company', 'securities', 'security', 'equity', 'corporation', 'services']);
const INNER_CAPITALISED = new Set([...INNER, 'management', 'finance', 'capital', 'global', 'digital', 'technology']);
const isInner = (word: string, capitalised: boolean) =>
  capitalised ? isCapitalised(word) && INNER_CAPITALISED.has(word.toLowerCase()) : INNER.has(word.toLowerCase());

// Joins two name words: "Larsen & Toubro"; "State Bank of India" in capitalised names.
const isConnector = (word: string, capitalised: boolean) => word === '&' || (capitalised && word === 'of');

/**
 * Runs of adjacent name words. Capitalised mode takes only words that start with a capital
 * (or digits and a capital, "3M"), so the topic words of a question in lower case are left
 * out; lower-case mode takes every name word, for questions typed in lower case.
 * A possessive word ends its run ("HDFC Bank's NIM" names "HDFC Bank").
 */
export function nameRuns(tokens: readonly Token[], capitalised: boolean): NameRun[] {
  const fits = (t: Token) => isNameWord(t.word) && (!capitalised || isCapitalised(t.word));
  const ends = (t: Token) => fits(t) || isInner(t.word, capitalised);
  const runs: NameRun[] = [];
  let current: Token[] = [];
  const close = () => {
    while (current.length > 0 && !ends(current[current.length - 1] as Token)) current.pop();
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last) runs.push({ tokens: current, start: first.start, end: last.end, possessive: last.possessive });
    current = [];
  };
  tokens.forEach((token, i) => {
    const previous = current[current.length - 1];
    const next = tokens[i + 1];
    const continues = previous !== undefined && token.joined && !previous.possessive;
    const connects = continues && isConnector(token.word, capitalised) && next !== undefined && next.joined && fits(next);
    if (continues && (ends(token) || connects)) current.push(token);
    else {
      close();
      if (fits(token)) current.push(token);
    }
  });
  close();
  return runs;
}
