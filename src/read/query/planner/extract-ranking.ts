import { COUNT_PATTERN, countOf } from './count-words.ts';
import type { MetricMention } from './metric-mentions.ts';
import { type Span, spanOf } from './spans.ts';

/** "top 10 by market cap", "lowest debt to equity": an order over companies, and how many. */
export interface Ranking {
  readonly direction: 'desc' | 'asc';
  /** The metric named to rank by; undefined when none is ("top 10 companies"). */
  readonly metric: MetricMention | undefined;
  readonly limit: number | undefined;
  readonly spans: readonly Span[];
}

const TOP_N = new RegExp(String.raw`\b(top|bottom|first|last)\s+(${COUNT_PATTERN})\b`, 'gi');
const N_MOST = new RegExp(
  String.raw`\b(${COUNT_PATTERN})\s+(largest|biggest|highest|top|smallest|lowest|cheapest|best|worst|most|least)\b`,
  'gi',
);
const SUPERLATIVE =
  /\b(?:(highest|largest|biggest|most|best|greatest|strongest|maximum|max|top)|(lowest|smallest|least|worst|weakest|minimum|min|cheapest|bottom))\b/gi;
// "which 10 companies have the highest ROE": the count of a superlative written apart.
const N_COMPANIES = new RegExp(String.raw`\b(${COUNT_PATTERN})\s+(?:companies|stocks|firms|scrips|names|shares)\b`, 'gi');
const BY = /\b(?:(sorted|ranked|ordered|order|rank|sort)\s+)?by\b/gi;
// "Rank companies by EBITDA margin": a ranking verb earlier in the question makes a bare "by" rank.
const RANK_VERB = /\b(?:rank|sort|order|arrange)\b/i;
const ORDER = /\b(?:(descending|desc|high\s+to\s+low)|(ascending|asc|low\s+to\s+high))\b/gi;

const ASC_WORD = /^(?:bottom|last|smallest|lowest|cheapest|worst|least)$/i;

const inside = (at: number, mentions: readonly MetricMention[]) => mentions.some((m) => at >= m.start && at < m.end);
/** The first metric named at most `reach` characters after `from`. */
const metricAfter = (from: number, mentions: readonly MetricMention[], reach: number) =>
  mentions.find((m) => m.start >= from && m.start - from <= reach && m.id !== null);

/**
 * Reads a ranking: a count with top/bottom ("top 10", "5 largest"), a superlative before a
 * metric ("highest ROE"), "by <metric>" and asc/desc words. Top, highest and largest sort
 * descending; bottom, lowest and smallest ascending. Words inside a metric's own name
 * ("top line") are not ranking words.
 */
export function extractRanking(text: string, mentions: readonly MetricMention[]): Ranking | undefined {
  const spans: Span[] = [];
  let direction: Ranking['direction'] | undefined;
  let limit: number | undefined;
  let metric: MetricMention | undefined;
  for (const m of [...text.matchAll(TOP_N), ...text.matchAll(N_MOST)]) {
    if (inside(m.index ?? 0, mentions) || limit !== undefined) continue;
    const [word, count] = m[1] && countOf(m[1]) === undefined ? [m[1], m[2]] : [m[2] ?? '', m[1]];
    limit = countOf(count ?? '');
    direction = ASC_WORD.test(word) ? 'asc' : 'desc';
    spans.push(spanOf(m));
  }
  for (const m of text.matchAll(SUPERLATIVE)) {
    const at = m.index ?? 0;
    const named = metricAfter(at + m[0].length, mentions, 40);
    if (inside(at, mentions) || (!named && limit === undefined)) continue;
    direction ??= m[2] ? 'asc' : 'desc';
    metric ??= named;
    spans.push(spanOf(m));
  }
  if (direction && limit === undefined) {
    const [count] = [...text.matchAll(N_COMPANIES)];
    if (count?.[1] !== undefined) limit = countOf(count[1]);
  }
  for (const m of text.matchAll(BY)) {
    const named = metricAfter((m.index ?? 0) + m[0].length, mentions, 5);
    // A bare "by" ranks only after top/bottom or a superlative: "hit by interest costs" does not.
    if (!named || (!m[1] && !direction && !RANK_VERB.test(text.slice(0, m.index)))) continue;
    metric = named;
    direction ??= 'desc';
    spans.push(spanOf(m));
  }
  for (const m of text.matchAll(ORDER)) {
    if (!direction) continue;
    direction = m[1] ? 'desc' : 'asc';
    spans.push(spanOf(m));
  }
  return direction ? { direction, metric, limit: limit !== undefined && limit > 0 ? limit : undefined, spans } : undefined;
}
