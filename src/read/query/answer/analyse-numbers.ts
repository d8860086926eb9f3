import type { EvidencePacket, Passage } from '#schemas/query';
import { findDateExpressions, findNumberTokens } from '#domain/indian-text';
import { readingMatches, type ValueSource } from '#read/phrases';
import { claimHolds, collectPacketDates } from './packet-dates.ts';
import { collectPacketTexts } from './packet-texts.ts';
import { collectPacketValues } from './packet-values.ts';
import { excusedSpans, findVerifiedQuotes, type QuotedSpan, type Span, within } from './text-spans.ts';

/** A number found in prose and whether the packet holds it. */
export interface NumberFinding extends Span {
  /** As written: "₹5,927.38 crore", "31 December 2024", "seven". */
  readonly text: string;
  readonly kind: 'value' | 'date' | 'word';
  readonly inPacket: boolean;
  /**
   * Where a value comes from: the packet values it matches. Empty for a number inside a
   * quotation of a passage: that is the passage's word, not a value, and is never cited.
   */
  readonly sources: readonly ValueSource[];
  /** The passage whose quotation holds the number, when it is inside one. */
  readonly quoted?: Passage;
}

/**
 * Number words and non-ASCII digits: prose must write numbers in ASCII digits, so these are
 * never in the packet. "one" is left out (it is mostly a pronoun); "half" and "quarter" name
 * periods.
 */
const NUMBER_WORDS = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])(?:zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|lakhs?|lacs?|crores?|millions?|billions?|trillions?|dozens?|twice|thrice|doubled|tripled|halved|percent|per\s+cent)(?![\p{L}\p{N}_])|(?![0-9])\p{Nd}`,
  'giu',
);

function uniqueSources(sources: readonly ValueSource[]): ValueSource[] {
  const seen = new Map<string, ValueSource>();
  for (const s of sources) seen.set(JSON.stringify([s.kind, s.filing_id, s.source_url, s.known_at]), s);
  return [...seen.values()];
}

/**
 * Every number in `text`, judged against the packet. In order: verified quotations of passages,
 * verbatim gap and metric-reason messages, and packet names and ids are set aside (a number
 * wholly inside one is not judged; inside a quotation it is held as the passage's word, with no
 * value source: passage text is never a source of values). Dates in the
 * recognised forms are judged as whole dates. Every other number must be a rendering of a
 * packet value (`readingMatches`); number words never are. Pure.
 */
export function analyseNumbers(text: string, packet: EvidencePacket): NumberFinding[] {
  const texts = collectPacketTexts(packet);
  const quotes: QuotedSpan[] = findVerifiedQuotes(text, texts.quotables);
  const excused = excusedSpans(text, texts);
  const covered: Span[] = [...quotes, ...excused];
  const packetDates = collectPacketDates(packet);
  const values = collectPacketValues(packet);
  const dates = findDateExpressions(text);
  const tokens = findNumberTokens(text);

  const findings: NumberFinding[] = dates
    .filter((d) => !within(d, covered))
    .map((d) => ({ text: d.text, start: d.start, end: d.end, kind: 'date', inPacket: claimHolds(d.claim, packetDates), sources: [] }));
  for (const token of tokens) {
    if (within(token, dates)) continue;
    const quote = quotes.find((q) => within(token, [q]));
    if (quote) {
      findings.push({
        text: token.text,
        start: token.start,
        end: token.end,
        kind: 'value',
        inPacket: true,
        sources: [],
        quoted: quote.passage,
      });
      continue;
    }
    if (within(token, excused)) continue;
    const matches = values.filter((v) => readingMatches(token, v.kind, v.value));
    const sources = uniqueSources(matches.map((m) => m.source));
    findings.push({ text: token.text, start: token.start, end: token.end, kind: 'value', inPacket: matches.length > 0, sources });
  }
  const judged: Span[] = [...covered, ...dates, ...tokens];
  for (const word of text.matchAll(NUMBER_WORDS)) {
    const span = { start: word.index, end: word.index + word[0].length };
    if (!within(span, judged)) findings.push({ text: word[0], ...span, kind: 'word', inPacket: false, sources: [] });
  }
  return findings.sort((a, b) => a.start - b.start);
}
