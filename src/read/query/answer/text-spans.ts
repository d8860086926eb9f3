import type { Passage } from '#schemas/query';
import type { PacketTexts, QuotableSource } from './packet-texts.ts';
import { findNumberTokens } from '#domain/indian-text';
import { CODE_LABELS, hasLetter, quotableText } from '#read/phrases';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A quotation in prose that reproduces a passage's words. */
export interface QuotedSpan extends Span {
  readonly passage: Passage;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const isWordChar = (char: string | undefined): boolean => char !== undefined && WORD_CHAR.test(char);

/** Whether `span` lies wholly inside one of `spans`. */
export const within = (span: Span, spans: readonly Span[]): boolean => spans.some((s) => s.start <= span.start && span.end <= s.end);

/**
 * Where `needle` occurs in `text` as a whole: not glued to a letter, digit or underscore on a
 * side where the needle itself begins or ends with one (so the BSE code 500410 does not excuse
 * the digits of 2500410), and when `labelled`, right after a CODE_LABELS word.
 */
export function findOccurrences(text: string, needle: string, labelled = false): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const gluedBefore = isWordChar(needle[0]) && isWordChar(text[at - 1]);
    const gluedAfter = isWordChar(needle[needle.length - 1]) && isWordChar(text[end]);
    const label = !labelled || CODE_LABELS.some((l) => text.slice(at - l.length, at) === l);
    if (!gluedBefore && !gluedAfter && label) spans.push({ start: at, end });
  }
  return spans;
}

const QUOTATION = /“([^“”]*)”|"([^"]*)"/g;
const MIN_FRAGMENT_WORDS = 3;

/**
 * The words of a quotation besides its numbers: a number's currency and multiplier ("Rs",
 * "crore") are part of the number, so "revenue of Rs 99,999 crore" has two.
 */
function wordsBesideNumbers(words: string): number {
  let rest = words;
  for (const token of findNumberTokens(words).reverse()) rest = `${rest.slice(0, token.start)} ${rest.slice(token.end)}`;
  return (rest.match(/\p{L}+/gu) ?? []).length;
}

/**
 * The quotations (“…” or "…") that reproduce a passage: after quotableText, the quoted words
 * are a passage's whole title or snippet, or a part of one with at least three words besides
 * its numbers (so a passage's figure cannot be lifted into a sentence in a short quotation
 * such as “revenue of Rs 99,999 crore”: its numbers are then judged as values, and caught).
 * The span includes the quotation marks.
 */
export function findVerifiedQuotes(text: string, sources: readonly QuotableSource[]): QuotedSpan[] {
  const quotes: QuotedSpan[] = [];
  for (const match of text.matchAll(QUOTATION)) {
    const words = quotableText(match[1] ?? match[2] ?? '');
    const fragment = wordsBesideNumbers(words) >= MIN_FRAGMENT_WORDS;
    const source = sources.find((s) => s.text === words || (fragment && s.text.includes(words)));
    if (source) quotes.push({ start: match.index, end: match.index + match[0].length, passage: source.passage });
  }
  return quotes;
}

/**
 * The spans of packet words the prose repeats: gap and metric-reason messages, and names and
 * ids (a code without a letter, such as a BSE code, only right after its label: "BSE: 500410").
 */
export function excusedSpans(text: string, texts: PacketTexts): Span[] {
  return [
    ...texts.statements.flatMap((needle) => findOccurrences(text, needle)),
    ...texts.identifiers.flatMap((needle) => findOccurrences(text, needle, !hasLetter(needle))),
  ];
}
