/** A half-open range of character offsets in the question: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Replaces read parts of a question. Masking keeps every offset in place, so what one
 * extractor consumed (a date, an amount) is never read again by the next one (as a
 * company name), and offsets still point into the question as written.
 */
export const MASK = '\u0000';

/** The text with each span blanked out by MASK, same length. */
export function maskSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const chars = text.split('');
  for (const { start, end } of spans) {
    for (let i = Math.max(0, start); i < Math.min(end, chars.length); i += 1) chars[i] = MASK;
  }
  return chars.join('');
}

/** The span of a regex match. */
export const spanOf = (match: RegExpMatchArray | RegExpExecArray): Span => ({
  start: match.index ?? 0,
  end: (match.index ?? 0) + match[0].length,
});
