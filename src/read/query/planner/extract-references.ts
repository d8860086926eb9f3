import { MAX_REFERENCES } from '#schemas/query';
import type { ReferenceRead } from './extract-reference.ts';
import { nameRuns } from './name-runs.ts';
import { MASK, type Span } from './spans.ts';
import { tokenise } from './tokens.ts';

/** The companies of a comparison or list, as written. */
export interface ReferencesRead {
  /** In the order written; empty or one when the question compares no companies. */
  readonly references: readonly string[];
  /** Every span read as a company of the comparison (aliases in brackets too), to mask. */
  readonly spans: readonly Span[];
  /** Names in brackets after a company, read as its other name ("Tata Consultancy Services (TCS)"). */
  readonly aliases: readonly string[];
  /** Companies of the comparison beyond MAX_REFERENCES, for the notes. */
  readonly dropped: readonly string[];
}

// Words that join the companies of one comparison or list: "TCS vs Infosys", "HDFC Bank,
// ICICI Bank and Axis Bank", "compare TCS with Infosys", "Tata Motors relative to Maruti".
const CONNECTORS = new Set([
  'and',
  'or',
  'vs',
  'versus',
  'v',
  'v/s',
  'with',
  'against',
  'compare',
  'compares',
  'compared',
  'relative',
  'to',
]);
// Punctuation, brackets, masked parts (a metric, a period) and a possessive's "'s" between two names.
const FILLER = new RegExp(`[\\s,;&.'’()${MASK}]+|\\bs\\b`, 'g');

/** Only list punctuation, masked parts and joining words lie between two names. */
function connects(between: string): boolean {
  const words = between.replace(FILLER, ' ').trim().toLowerCase();
  if (words === '') return between.includes(',') || between.includes('&') || between.includes(MASK);
  return words.split(/\s+/).every((w) => CONNECTORS.has(w)) && !/^to\b/.test(words);
}

// "Tata Consultancy Services (TCS)": the name in brackets is the same company.
const isAlias = (before: string, after: string) => /^\s*\(\s*$/.test(before) && /^\s*\)/.test(after);

function occurrences(masked: string, name: string): Span[] {
  const spans: Span[] = [];
  for (let at = masked.indexOf(name); at >= 0; at = masked.indexOf(name, at + name.length)) {
    const edge = (i: number) => i < 0 || i >= masked.length || !/[\p{L}\p{N}]/u.test(masked.charAt(i));
    if (edge(at - 1) && edge(at + name.length)) spans.push({ start: at, end: at + name.length });
  }
  return spans;
}

/** Names other than the reference: those extractReference listed, or in a lower-case question its lower-case runs. */
function otherSpans(masked: string, read: ReferenceRead, primary: Span): Span[] {
  const lowerCase = read.reference !== null && !/\p{Lu}/u.test(read.reference);
  const spans = lowerCase
    ? nameRuns(tokenise(masked), false).map((r) => ({ start: r.start, end: r.end }))
    : read.others.flatMap((name) => occurrences(masked, name));
  return spans.filter((s) => s.end <= primary.start || s.start >= primary.end);
}

/**
 * The companies of a comparison or list: the reference extractReference chose and the other
 * names written next to it, joined only by list punctuation and words such as and, vs,
 * versus, with, against ("Compare net margin of TCS and INFY", "HDFC Bank, ICICI Bank and
 * Axis Bank"). A name in brackets right after another is its alias, not a company. Names
 * elsewhere in the question are not companies of the comparison ("What did Infosys say about
 * TCS?" compares nothing). Pure.
 */
export function extractReferences(original: string, masked: string, read: ReferenceRead): ReferencesRead {
  const primary = read.span;
  if (read.reference === null || primary === null) return { references: [], spans: [], aliases: [], dropped: [] };
  const spans = [primary, ...otherSpans(masked, read, primary)].sort((a, b) => a.start - b.start);
  const start = spans.indexOf(primary);
  let first = start;
  let last = start;
  const linked = (a: Span, b: Span) => connects(masked.slice(a.end, b.start)) || isAlias(masked.slice(a.end, b.start), masked.slice(b.end));
  while (first > 0 && linked(spans[first - 1] as Span, spans[first] as Span)) first -= 1;
  while (last < spans.length - 1 && linked(spans[last] as Span, spans[last + 1] as Span)) last += 1;
  const group = spans.slice(first, last + 1);
  const alias = (s: Span, i: number) => i > 0 && isAlias(masked.slice((group[i - 1] as Span).end, s.start), masked.slice(s.end));
  const text = (s: Span) => original.slice(s.start, s.end);
  const aliases = group.filter(alias).map(text);
  const names = [
    ...new Map(
      group
        .filter((s, i) => !alias(s, i))
        .map(text)
        .map((n) => [n.toLowerCase(), n]),
    ).values(),
  ];
  if (names.length < 2) return { references: [read.reference], spans: group, aliases, dropped: [] };
  return { references: names.slice(0, MAX_REFERENCES), spans: group, aliases, dropped: names.slice(MAX_REFERENCES) };
}
