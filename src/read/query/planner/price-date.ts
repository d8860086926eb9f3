import { isoDay } from '#platform/time';
import { readDateAt } from '#domain/indian-text';
import { findMetricMentions } from './metric-mentions.ts';
import { hasQuoteCue } from './question-cues.ts';
import { findEventMentions } from './event-mentions.ts';
import { maskSpans, type Span } from './spans.ts';

/** The trading day a price question names ("Reliance close on 28 February 2020"). */
export interface PriceDayRead {
  /** YYYY-MM-DD, or null when the question names no day. */
  readonly day: string | null;
  readonly spans: readonly Span[];
  readonly notes: readonly string[];
}

const NONE: PriceDayRead = { day: null, spans: [], notes: [] };

// Words every price mention holds (metric-mentions.ts, MARKET).
const PRICE_WORD = /\b(?:price|clos|cmp|ltp|market|m-?cap|mcap|trad|quote)/i;
// Where a written day may start: a digit or a month name.
const DAY_START = /\b(?=\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/gi;
// "as on 3 January 2020" in a price question is the close of that day, not knowledge at its
// midnight (analysts write "close as on" for "close on"); "as known on" stays an as-of phrase.
const AS_ON = /\bas\s+(?:of|on|at)\s+$/i;
// "as known on", "as it stood on", "known as of": a point of knowledge, read by extractAsOf.
const KNOWN_ON = /\b(?:known|stood)\s+(?:as\s+)?(?:of|on|at)\s+$/i;
// A written date-time is an instant: it stays an as-of phrase.
const TIME_AFTER = /^T\d/;

/**
 * The day of a price question: a day written in a question about a price, close or market
 * cap that names no reported concept. The quote is then that day's close (or the nearest
 * earlier one), not the latest. Other days written are noted, not used. Pure.
 */
export function readPriceDay(text: string): PriceDayRead {
  // Most questions name no price: skip reading their metrics twice.
  if (!PRICE_WORD.test(text)) return NONE;
  const mentions = findMetricMentions(text);
  // An event phrase is no quote cue: "insider trades at Emami after 1 July 2020" asks for disclosures.
  const events = findEventMentions(text).map((m) => m.span);
  const priced = mentions.some((m) => m.source === 'market') || hasQuoteCue(maskSpans(text, events));
  if (!priced || mentions.some((m) => m.source === 'concept')) return NONE;
  const days: Array<{ day: string; span: Span }> = [];
  for (const start of text.matchAll(DAY_START)) {
    const at = start.index ?? 0;
    if (days.some((d) => at < d.span.end)) continue;
    const date = readDateAt(text, at);
    const before = text.slice(Math.max(0, at - 20), at);
    if (!date || TIME_AFTER.test(text.slice(date.end)) || KNOWN_ON.test(before)) continue;
    const lead = AS_ON.exec(before);
    days.push({ day: isoDay(date.day), span: { start: lead ? at - lead[0].length : at, end: date.end } });
  }
  const [first, ...others] = days;
  if (!first) return NONE;
  const notes = [
    `price_date: ${first.day}: that day's close, or the nearest earlier session's when the exchange held none`,
    ...others.map((o) => `${o.day} also named: a plan holds one price day, the first is used`),
  ];
  return { day: first.day, spans: [first.span], notes };
}
